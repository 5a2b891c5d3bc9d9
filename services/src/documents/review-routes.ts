import { type Request, type Response, Router } from 'express';
import {
  ApproveDocumentsRequest,
  DOCUMENT_MESSAGES,
  DocumentDownloadQuery,
  type DocumentDownloadResponse,
  type ProductsByCustomerResponse,
  SEARCH_RESULTS_MAX,
  SearchDocumentsRequest,
  type SearchDocumentsResponse,
  DecideAccessibilityRequest,
  UpdateIsInternalRequest,
} from '@ifu/contracts';
import {
  type ChangeOrderRecord,
  findChangeOrder,
  findChangeOrderByFileId,
  findCustomerById,
  findCustomerByName,
  findUserById,
  productFamiliesOfCustomer,
  searchDocuments,
  searchWords,
} from '@ifu/projections';
import { QUERY_CANCELED, withStatementTimeout } from '@ifu/storage/database/database';
import { guards } from '../auth/authentication';
import { currencyFactsOf, currencyPageFor, currencyPageForBytes, markStamp } from '../eifu/stamped-download';
import { sendStoredFile } from '../files/file-routes';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { idParam, ifMatch, originOf, parseBody, setVersion } from '../platform/http';
import { changeAccessibility, decideAccessibility, decideChangeOrder, recordDownload } from './commands';
import { staffDocumentLink, verifyStaffDocumentLink } from './document-links';
import { changeOrderViewFor, READ_MODELS } from './routes';
import { markedStems, snippetOf } from './search-snippet';
import { ManifestUnavailable, withSignatureManifest } from './signature-manifest';

/** A search that runs longer is cancelled (SQLSTATE 57014, query_canceled) and refused. */
const SEARCH_TIMEOUT_MS = 3000;

/** The file an id names in a change order: a child document's (active) or a supporting file. */
function fileOf(record: ChangeOrderRecord, id: string) {
  const child = record.children.find((c) => c.active && (c.childDocumentId === id || c.file.fileId === id));
  if (child) return { file: child.file, child };
  const file = record.files.find((f) => f.fileId === id);
  return file ? { file, child: undefined } : undefined;
}

/**
 * Documents II: the review-before-signing downloads, the approver's signed decision, the Online/Offline switch, the
 * signature manifest, the internal search and the products of a customer (spec §2.7, §2.8, §2.12, §7.3).
 */
export function reviewRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn, adminOnly } = guards(ctx);

  /**
   * A command's answer: the change order as the read models show it once the command settled, read once, with the
   * command's own run; `opened` when the command already folded the caller's downloads (a decision).
   */
  async function answerWithChangeOrder(req: Request, res: Response, run: CommandRun, message: string, parentChangeId: string, opened?: ReadonlySet<string>) {
    const record = await findChangeOrder(ctx.db, parentChangeId);
    if (!record) refuse('document-not-found');
    setVersion(res, record.version);
    res.json({ message, document: await changeOrderViewFor(ctx, run, record, req.auth!, opened) });
  }

  // Folds the change order and the approver's downloads once, appends once, and answers from the command's result:
  // whether the change order exists, is active and names the caller as its approver is the decider's to say.
  router.post('/document/approveDocuments', loggedIn, async (req, res) => {
    const input = parseBody(ApproveDocumentsRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    const { opened } = await decideChangeOrder(ctx, run, {
      parentChangeId: input.parentChangeId,
      approve: input.documentApproval,
      // The spec's client sends the approver's id; it must name the caller (the decider checks the caller is assigned).
      approverIdGiven: input.approverId,
      reason: input.reason,
      ...(input.reviewDate === undefined ? {} : { reviewDate: input.reviewDate }),
      credentials: { username: input.username, password: input.password },
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, input.documentApproval ? DOCUMENT_MESSAGES.approved : DOCUMENT_MESSAGES.rejected, input.parentChangeId, opened);
  });

  router.post('/document/update/IsInternal', ...adminOnly, async (req, res) => {
    const input = parseBody(UpdateIsInternalRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    await changeAccessibility(ctx, run, { parentChangeId: input.parentDocumentChangeId, isInternal: input.isInternal, reason: input.reason || undefined, actor: req.auth! });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.updated, input.parentDocumentChangeId);
  });

  // The approver signs or rejects an Online/Offline change left pending when such switches waited for a signature
  // (issue 22); whether the caller may is the decider's.
  router.post('/document/accessibility/decide', loggedIn, async (req, res) => {
    const input = parseBody(DecideAccessibilityRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    await decideAccessibility(ctx, run, {
      parentChangeId: input.parentChangeId,
      approve: input.approve,
      reason: input.reason ?? '',
      credentials: { username: input.username, password: input.password },
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.updated, input.parentChangeId);
  });

  // The link to one file for the caller. Issuing it records nothing: the download is recorded when the link serves the
  // file (below), so a file counts as opened only once its bytes were fetched.
  router.get('/document/getDocumentDownload/:id', loggedIn, async (req, res) => {
    if (req.method === 'HEAD') {
      res.status(204).end();
      return;
    }
    const id = idParam(req, 'id', 'document-not-found');
    const { purpose } = parseBody(DocumentDownloadQuery, { ...req.query });
    const record = (await findChangeOrder(ctx.db, id)) ?? (await findChangeOrderByFileId(ctx.db, id));
    const found = record?.active ? fileOf(record, id) : undefined;
    if (!record || !found) refuse('document-not-found');
    if (purpose === 'manifest' && (!found.child || record.status !== 'APPROVED')) refuse('document-not-approved');
    const link = staffDocumentLink(
      ctx,
      { parentChangeId: record.parentChangeId, fileId: found.file.fileId, sha256: found.file.sha256, purpose, userId: req.auth!.userId },
      ctx.clock(),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json({ documentPath: link.url, docName: found.file.docName, sha256: found.file.sha256, expiresAt: link.expiresAt } satisfies DocumentDownloadResponse);
  });

  // The signed link itself: no bearer token (a new tab has none); the signature names the file, content, purpose and
  // the user it was issued to, whose download is recorded as the file is served (a HEAD request fetches no bytes).
  router.get('/document/file/:parentChangeId/:fileId', async (req, res) => {
    const parentChangeId = idParam(req, 'parentChangeId', 'file-link-invalid');
    const fileId = idParam(req, 'fileId', 'file-link-invalid');
    const record = await findChangeOrder(ctx.db, parentChangeId);
    const found = record?.active && record.parentChangeId === parentChangeId ? fileOf(record, fileId) : undefined;
    if (!record || !found || found.file.fileId !== fileId) refuse('file-link-invalid');
    const now = ctx.clock();
    const granted = verifyStaffDocumentLink(ctx, { parentChangeId, fileId, sha256: found.file.sha256 }, req.query as Record<string, unknown>, now);
    // The link works only while the user it was issued to is an active account (deactivation ends their links too).
    const holder = granted && (await findUserById(ctx.db, granted.userId));
    if (!granted || !holder?.userActive || holder.isDeleted) refuse('file-link-invalid');
    const { purpose } = granted;
    const recordServed = async () => {
      if (req.method === 'HEAD') return;
      const actor = { type: 'user' as const, userId: holder.id, email: holder.email, name: `${holder.firstName} ${holder.lastName}`.trim() };
      await recordDownload(ctx.commands.begin(originOf(req, actor)), {
        parentChangeId: record.parentChangeId,
        documentId: record.documentId,
        fileId: found.file.fileId,
        childDocumentId: found.child?.childDocumentId ?? null,
        documentNumber: found.child?.documentNumber ?? null,
        sha256: found.file.sha256,
        docName: found.file.docName,
        downloadedBy: holder.id,
        purpose,
      });
    };
    // A child's PDF carries its currency page (issue 20); a supporting file is not an instruction for use: as stored.
    const childFacts = found.child && (await currencyFactsOf(ctx, found.child, record.status === 'APPROVED'));
    if (purpose === 'download') {
      const stamp = childFacts && (await currencyPageFor(ctx, found.file.sha256, childFacts));
      await recordServed();
      if (stamp) markStamp(res, stamp);
      await sendStoredFile(res, ctx.files, found.file, { cacheControl: 'private, no-store', filename: found.file.docName, append: stamp?.appendix });
      return;
    }
    if (!found.child || record.status !== 'APPROVED') refuse('document-not-approved');
    // pdf-lib parses the PDF in this process for the manifest: only once it has taken the currency page within the
    // stamping process's limits (remembered per file), so that a PDF that exhausts that process never reaches this one.
    const probe = await currencyPageFor(ctx, found.file.sha256, childFacts!);
    if (probe.unstamped) refuse('manifest-unavailable');
    const opened = await ctx.files.open(found.file.sha256);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    let signed: Uint8Array;
    try {
      signed = await withSignatureManifest(Buffer.concat(chunks), {
        documentId: record.documentId,
        documentNumber: found.child.documentNumber,
        approvalRoutingNumber: record.approvalRoutingNumber,
        productFamilyName: record.productFamilyName,
        docName: found.file.docName,
        sha256: found.file.sha256,
        signatures: [...found.child.signatures, ...record.signatures.filter((s) => s.meaning === 'approval')].map((s) => ({
          name: s.name,
          email: s.email,
          signedAt: s.signedAt,
          meaning: s.meaning,
        })),
        generatedAt: now,
      });
    } catch (error) {
      if (error instanceof ManifestUnavailable) refuse('manifest-unavailable');
      throw error;
    }
    // The signature page, then the currency page: a downloaded PDF's last page is always the currency page.
    const stamp = await currencyPageForBytes(ctx, signed, childFacts!);
    await recordServed();
    markStamp(res, stamp);
    const served = stamp.appendix ? Buffer.concat([signed, stamp.appendix]) : Buffer.from(signed);
    const name = found.file.docName.replace(/\.pdf$/i, '');
    const filename = `${name} (signed).pdf`;
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(served.length));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `inline; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
    res.end(served);
  });

  router.post('/document/searchDocuments', loggedIn, async (req, res) => {
    const criteria = parseBody(SearchDocumentsRequest, req.body);
    const db = await ctx.reads.for(req);
    let customerIds: string[] | undefined;
    if (criteria.customerName) {
      const customer = await findCustomerByName(db, criteria.customerName);
      customerIds = customer ? [customer.id] : [];
    }
    const now = ctx.clock();
    const words = searchWords(criteria.keywords);
    const search = {
      keywords: criteria.keywords,
      changeOrderNo: criteria.changeOrderNo,
      productName: criteria.productName,
      customerIds,
      archive: criteria.archive,
      today: now.toISOString().slice(0, 10),
      limit: SEARCH_RESULTS_MAX,
      snippetStems: markedStems(words),
    };
    let hits;
    try {
      // A bound on any one search, so that no query a user can write holds the database for the others.
      hits = await withStatementTimeout(db, SEARCH_TIMEOUT_MS, (bounded) => searchDocuments(bounded, search));
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) refuse('search-too-costly');
      throw error;
    }
    const list = hits.map(({ snippetSource, ...hit }) => {
      if (snippetSource === null) return { ...hit, snippet: [] };
      const inText = snippetOf(snippetSource, words);
      return { ...hit, snippet: inText.length > 0 ? inText : snippetOf(`${hit.changeDescription} ${hit.keywords}`, words) };
    });
    res.json({ data: { list }, ...(list.length === 0 ? { message: DOCUMENT_MESSAGES.noDataFound } : {}) } satisfies SearchDocumentsResponse);
  });

  router.get('/document/getProductByCustomer/:id', loggedIn, async (req, res) => {
    const db = await ctx.reads.for(req);
    const customer = await findCustomerById(db, idParam(req, 'id', 'customer-not-found'));
    if (!customer) refuse('customer-not-found');
    res.json({ data: { list: await productFamiliesOfCustomer(db, customer.id) } } satisfies ProductsByCustomerResponse);
  });

  return router;
}
