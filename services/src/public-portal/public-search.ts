import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { COUNTRY_CODES, GetDocumentUrlBody, IdentifierSearchBody, LANGUAGE_CODES, PUBLIC_MESSAGES, PublicSearchBody, READER_LANGUAGES_MAX, visitorDownloadStreamId } from '@ifu/contracts';
import type { AvailableIn, GetDocumentUrlResponse, IdentifierSearchResponse, PublicSearchResponse } from '@ifu/contracts/public';
import { findDocumentVersionsByNumber, findPublicDocument, findPublicDocumentsByIdentifier, searchDocuments, type SearchCriteria, type SearchHit } from '@ifu/projections';
import { QUERY_CANCELED, withStatementTimeout } from '@ifu/storage/database/database';
import { perLinkLimit } from '../auth';
import { verifyVisitorDocumentLink, visitorDocumentLink } from '../documents';
import { currencyFactsOf, currencyPageFor, markStamp, parseAcceptLanguage, countOpenDownload, permalinkOf, publicToday } from '../eifu';
import { publicFileLimit, sendStoredFile } from '../files';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { idParam, originOf, parseBody } from '../platform/http';
import { approvedCustomerNamed, publicDocumentInScope, verifySearchLink, verifySearchToken } from './visitor-link';
import { NO_VISITOR_ADDRESS } from './search-link-routes';
import { visitorDownloadsDecider } from './visitor-downloads';
import { sealEmail, visitorFor } from './visitors';

/** At most this many documents answer a public search: a family's leaflets for one country and language. */
const PUBLIC_RESULTS_MAX = 100;
/** At most this many codes of each kind in `availableIn` (there are fewer languages and countries than this). */
const AVAILABLE_CODES_MAX = 200;

/** The known codes of comma-separated lists ('DE, at'), normalised, sorted, each once, bounded. */
function codesOf(lists: readonly string[], known: ReadonlySet<string>, normalise: (code: string) => string): string[] {
  const codes = new Set<string>();
  for (const list of lists) for (const code of list.split(',')) if (known.has(normalise(code.trim()))) codes.add(normalise(code.trim()));
  return [...codes].sort().slice(0, AVAILABLE_CODES_MAX);
}

/** Where the same search finds documents in any language and country: what `availableIn` answers. */
function availableIn(hits: readonly SearchHit[]): AvailableIn | undefined {
  if (hits.length === 0) return undefined;
  return {
    languages: codesOf(hits.map((hit) => hit.languageList), LANGUAGE_CODES, (code) => code.toLowerCase()),
    countries: codesOf(hits.map((hit) => hit.countryList), COUNTRY_CODES, (code) => code.toUpperCase()),
  };
}

/** Document links one emailed search link may ask for in a window (a visitor opens a family's leaflets, not thousands). */
export const PUBLIC_DOWNLOADS_PER_LINK = { limit: 60, windowMinutes: 15 } as const;
/** A bound on any one public search, as on the internal one. */
const PUBLIC_SEARCH_TIMEOUT_MS = 3000;

/** The languages the currency page is written in. */
const PUBLIC_PAGE_LANGUAGES: ReadonlySet<string> = new Set(['en', 'de', 'fr', 'es', 'it']);

/** Every document file is a PDF (the documents' upload policy). */
const DOCUMENT_CONTENT_TYPE = 'application/pdf';

/**
 * The public search and download (spec §7.4): only through a valid emailed link, only the link's customer and
 * family, only documents public today. A download is recorded as the visitor's event, with their email sealed under
 * their own key and without their IP address; the file's link checks again, as it serves, that the document is still
 * public to the link (an Offline switch ends access at once).
 */
export function publicSearchRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/module2/searchDocuments', async (req, res) => {
    const body = parseBody(PublicSearchBody, req.body);
    const now = ctx.clock();
    const db = await ctx.reads.for(req);
    const link = await verifySearchLink(ctx, { customerName: body.customerName, parentChangeId: body.parentChangeId, token: body.encryptedEmail }, now, db);
    // With no language chosen, the reader's come first: the ones the page sends, else their browser's Accept-Language.
    const readerLanguages = (
      body.readerLanguages.length > 0 ? body.readerLanguages : parseAcceptLanguage(req.get('accept-language')).languages.filter((code) => LANGUAGE_CODES.has(code))
    ).slice(0, READER_LANGUAGES_MAX);
    const visitor = { customerId: link.customer.id, familyKey: link.family.familyKey, country: body.country, language: body.language, documentNumber: body.documentNumber, readerLanguages };
    const criteria: SearchCriteria = { keywords: body.keyword, changeOrderNo: '', productName: '', archive: false, today: publicToday(now), limit: PUBLIC_RESULTS_MAX, visitor };
    const run = (scope: SearchCriteria) => withStatementTimeout(db, PUBLIC_SEARCH_TIMEOUT_MS, (bounded) => searchDocuments(bounded, scope));
    let hits: SearchHit[];
    let elsewhere: AvailableIn | undefined;
    try {
      hits = await run(criteria);
      // Nothing in the chosen language or country: the same search in every language and country says where it finds documents.
      if (hits.length === 0 && (body.language || body.country)) elsewhere = availableIn(await run({ ...criteria, visitor: { ...visitor, language: '', country: '' } }));
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) refuse('search-too-costly');
      throw error;
    }
    const list = hits.map((hit) => ({
      childDocumentId: hit.childDocumentId,
      documentNumber: hit.documentNumber,
      associatedReferenceNumber: hit.associatedReferenceNumber,
      productSubFamilyNameOne: hit.productSubFamilyNameOne,
      gtin: hit.gtin,
      description: hit.changeDescription,
      languageList: hit.languageList,
      countryList: hit.countryList,
      effectiveDate: hit.effectiveDate,
      productFamilyName: hit.productName,
      docName: hit.docName,
    }));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ list, ...(list.length === 0 ? { message: PUBLIC_MESSAGES.noDataFound } : {}), ...(elsewhere ? { availableIn: elsewhere } : {}) } satisfies PublicSearchResponse);
  });

  // Search by what is on the box, on the customer's page before a family is chosen: no link needed, because it answers
  // only what the documents' own eIFU pages already show anyone (numbers, lots, languages, countries) and leads there;
  // the page says whether the PDF opens at once or how to get it.
  router.post('/module2/searchByIdentifier', async (req, res) => {
    const body = parseBody(IdentifierSearchBody, req.body);
    const now = ctx.clock();
    const db = await ctx.reads.for(req);
    const customer = await approvedCustomerNamed(ctx, body.customerName, db);
    const readerLanguages = (
      body.readerLanguages.length > 0 ? body.readerLanguages : parseAcceptLanguage(req.get('accept-language')).languages.filter((code) => LANGUAGE_CODES.has(code))
    ).slice(0, READER_LANGUAGES_MAX);
    let found;
    try {
      found = await withStatementTimeout(db, PUBLIC_SEARCH_TIMEOUT_MS, (bounded) =>
        findPublicDocumentsByIdentifier(bounded, { customerId: customer.id, codes: body.identifier, country: body.country, readerLanguages, today: publicToday(now) }),
      );
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) refuse('search-too-costly');
      throw error;
    }
    const list = found.map((d) => ({
      childDocumentId: d.childDocumentId,
      documentNumber: d.documentNumber,
      parentChangeId: d.parentChangeId,
      productFamilyName: d.productFamilyName,
      partNumber: d.partNumber,
      lot: d.ifuNumber,
      additionalLots: d.additionalLots,
      gtin: d.gtin,
      languageList: d.languageList,
      countryList: d.countryList,
      effectiveDate: d.effectiveDate,
      version: d.version,
      exact: d.exact,
      pageUrl: permalinkOf(ctx.config, d.documentNumber),
    }));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ list, ...(list.length === 0 ? { message: PUBLIC_MESSAGES.noDataFound } : {}) } satisfies IdentifierSearchResponse);
  });

  const downloadsPerLink = perLinkLimit(ctx.rateLimits, 'downloads', {
    ...PUBLIC_DOWNLOADS_PER_LINK,
    field: 'encryptedUserEmail',
    refusal: { code: 'download-rate-limited', windowMinutes: PUBLIC_DOWNLOADS_PER_LINK.windowMinutes },
  });

  router.post('/module2/getDocumentURL', downloadsPerLink, async (req, res) => {
    const body = parseBody(GetDocumentUrlBody, req.body);
    const now = ctx.clock();
    const link = await verifySearchToken(ctx, body.encryptedUserEmail, now);
    const document = await findPublicDocument(ctx.db, body.docId, { customerId: link.customer.id, familyKey: link.family.familyKey }, publicToday(now));
    if (!document) refuse('search-link-out-of-scope');
    /**
     * An open-access link: no visitor to name; the download is counted with its country and language
     * (summarised into the log once the hour is over, eifu/open-downloads.ts), not an event of its own.
     */
    const recordWithoutVisitor = async (): Promise<Date> => {
      const versions = await findDocumentVersionsByNumber(ctx.db, document.documentNumber, publicToday(now));
      const version = versions?.find((v) => v.childDocumentId === document.childDocumentId)?.version;
      if (version === undefined) refuse('search-link-out-of-scope');
      return countOpenDownload(ctx, {
        childDocumentId: document.childDocumentId,
        documentNumber: document.documentNumber,
        parentChangeId: document.parentChangeId,
        customerId: link.customer.id,
        version,
        country: body.country ? body.country.toUpperCase() : null,
        language: parseAcceptLanguage(req.get('accept-language')).languages[0] ?? null,
        via: 'search',
        sha256: document.sha256,
      });
    };
    /** An emailed link: the visitor's download, their address sealed under their own key, no IP address or browser. */
    const recordForVisitor = async (): Promise<Date> => {
      const visitor = await visitorFor(ctx.db, ctx.secrets.linkSecret, link.email);
      const run = ctx.commands.begin({ ...originOf(req, { type: 'visitor', visitorId: visitor.visitorId }), ip: null, userAgent: null });
      await run.execute({
        stream: visitorDownloadStreamId(randomUUID()),
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
      return run.now;
    };
    const recordedAt = link.email === NO_VISITOR_ADDRESS ? await recordWithoutVisitor() : await recordForVisitor();
    const signed = visitorDocumentLink(
      ctx,
      { childDocumentId: document.childDocumentId, customerId: link.customer.id, familyId: link.parentChangeId, openAccess: link.email === NO_VISITOR_ADDRESS },
      link.expiresAt,
      recordedAt,
    );
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ docURL: signed.url, expiresAt: signed.expiresAt } satisfies GetDocumentUrlResponse);
  });

  // The signed link getDocumentURL answered: no token of any kind (a new tab), only the signature over the document
  // and the link's scope, which is checked again now: a document switched Offline, superseded, deactivated, or of a
  // customer no longer approved is not served, however recently its link was issued; nor is one issued through an
  // open-access search link once the customer's open access is closed (403, as its search link then refuses).
  router.get('/module2/file/:childDocumentId', publicFileLimit(ctx), async (req, res) => {
    const childDocumentId = idParam(req, 'childDocumentId', 'file-link-invalid');
    const now = ctx.clock();
    const granted = verifyVisitorDocumentLink(ctx, childDocumentId, req.query as Record<string, unknown>, now);
    if (!granted) refuse('file-link-invalid');
    const found = await publicDocumentInScope(ctx, { customerId: granted.customerId, parentChangeId: granted.familyId }, childDocumentId, now);
    if (!found) refuse('search-link-out-of-scope');
    if (granted.openAccess && !found.customerOpenAccess) refuse('open-access-off');
    const { document } = found;
    // The page in the reader's language: the tab the portal opened sends their browser's.
    const lang = parseAcceptLanguage(req.get('accept-language')).languages.find((code) => PUBLIC_PAGE_LANGUAGES.has(code));
    const stamp = await currencyPageFor(ctx, document.sha256, await currencyFactsOf(ctx, document, true, lang));
    markStamp(res, stamp);
    await sendStoredFile(res, ctx.files, { sha256: document.sha256, contentType: DOCUMENT_CONTENT_TYPE }, {
      cacheControl: 'private, no-store',
      filename: document.docName,
      append: stamp.appendix,
    });
  });

  return router;
}
