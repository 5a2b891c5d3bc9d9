import { Router } from 'express';
import { DocumentDownloadQuery, type DocumentDownloadResponse } from '@ifu/contracts';
import { type ChangeOrderRecord, findChangeOrder, findChangeOrderByFileId, findUserById } from '@ifu/projections';
import { guards } from '../../auth';
import { currencyFactsOf, currencyPageFor, currencyPageForBytes, markStamp } from '../../eifu';
import { sendStoredFile } from '../../files';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { idParam, originOf, parseBody } from '../../platform/http';
import { recordDownload } from './document-files';
import { staffDocumentLink, verifyStaffDocumentLink } from './document-links';
import { ManifestUnavailable, withSignatureManifest } from './signature-manifest';

/** The file an id names in a change order: a child document's (active) or a supporting file. */
function fileOf(record: ChangeOrderRecord, id: string) {
  const child = record.children.find((c) => c.active && (c.childDocumentId === id || c.file.fileId === id));
  if (child) return { file: child.file, child };
  const file = record.files.find((f) => f.fileId === id);
  return file ? { file, child: undefined } : undefined;
}

/**
 * Staff downloads (spec §2.8, §7.3): the link to one file, and the file it serves, recorded as the caller's review,
 * with its currency page and, for an approved child, its signature manifest.
 */
export function downloadRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

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
    // A child's PDF carries its currency page; a supporting file is not an instruction for use: as stored.
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

  return router;
}
