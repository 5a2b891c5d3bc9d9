import { Router } from 'express';
import { GetDocumentUrlBody, PUBLIC_MESSAGES, PublicSearchBody, visitorStreamId } from '@ifu/contracts';
import type { GetDocumentUrlResponse, PublicSearchResponse } from '@ifu/contracts/public';
import { findPublicDocument, searchDocuments } from '@ifu/projections';
import { QUERY_CANCELED, withStatementTimeout } from '@ifu/storage/database/database';
import { documentLink } from '../documents/document-links';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { originOf, parseBody } from '../platform/http';
import { publicToday, verifySearchLink, verifySearchToken } from './visitor-link';
import { visitorDownloadsDecider } from './visitor-downloads';
import { sealEmail, visitorFor } from './visitors';

/** At most this many documents answer a public search: a family's leaflets for one country and language. */
const PUBLIC_RESULTS_MAX = 100;
/** A bound on any one public search, as on the internal one. */
const PUBLIC_SEARCH_TIMEOUT_MS = 3000;

/**
 * The public search and download (spec §7.4): only through a valid emailed link, only the link's customer and
 * family, only documents public today. A download is recorded as the visitor's event, with their email sealed under
 * their own key and without their IP address.
 */
export function publicSearchRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/module2/searchDocuments', async (req, res) => {
    const body = parseBody(PublicSearchBody, req.body);
    const now = ctx.clock();
    const link = await verifySearchLink(ctx, { customerName: body.customerName, parentChangeId: body.parentChangeId, token: body.encryptedEmail }, now);
    const criteria = {
      keywords: body.keyword,
      changeOrderNo: '',
      productName: '',
      archive: false,
      today: publicToday(now),
      limit: PUBLIC_RESULTS_MAX,
      visitor: { customerId: link.customer.id, familyKey: link.family.familyKey, country: body.country, language: body.language, documentNumber: body.documentNumber },
    };
    let hits;
    try {
      hits = await withStatementTimeout(ctx.db, PUBLIC_SEARCH_TIMEOUT_MS, (bounded) => searchDocuments(bounded, criteria));
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) refuse('search-too-costly');
      throw error;
    }
    const list = hits.map((hit) => ({
      childDocumentId: hit.childDocumentId,
      documentNumber: hit.documentNumber,
      associatedReferenceNumber: hit.associatedReferenceNumber,
      description: hit.changeDescription,
      languageList: hit.languageList,
      countryList: hit.countryList,
      effectiveDate: hit.effectiveDate,
      productFamilyName: hit.productName,
      docName: hit.docName,
    }));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ list, ...(list.length === 0 ? { message: PUBLIC_MESSAGES.noDataFound } : {}) } satisfies PublicSearchResponse);
  });

  router.post('/module2/getDocumentURL', async (req, res) => {
    const body = parseBody(GetDocumentUrlBody, req.body);
    const now = ctx.clock();
    const link = await verifySearchToken(ctx, body.encryptedUserEmail, now);
    const document = await findPublicDocument(ctx.db, body.docId, { customerId: link.customer.id, familyKey: link.family.familyKey }, publicToday(now));
    if (!document) refuse('search-link-out-of-scope');
    const visitor = await visitorFor(ctx.db, ctx.secrets.linkSecret, link.email);
    // The visitor's IP address and browser are not kept: the event names them by their random id only.
    const run = ctx.commands.begin({ ...originOf(req, { type: 'visitor', visitorId: visitor.visitorId }), ip: null, userAgent: null });
    await run.execute({
      stream: visitorStreamId(visitor.visitorId),
      decider: visitorDownloadsDecider,
      command: {
        type: 'RecordPublicDownload',
        download: {
          visitorId: visitor.visitorId,
          email: sealEmail(visitor.key, link.email),
          country: body.country || null,
          childDocumentId: document.childDocumentId,
          documentNumber: document.documentNumber,
          parentChangeId: document.parentChangeId,
          customerId: link.customer.id,
          docName: document.docName,
          sha256: document.sha256,
        },
      },
    });
    const signed = documentLink(ctx, { parentChangeId: document.parentChangeId, fileId: document.fileId, sha256: document.sha256, purpose: 'download' }, run.now);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ docURL: signed.url, expiresAt: signed.expiresAt } satisfies GetDocumentUrlResponse);
  });

  return router;
}
