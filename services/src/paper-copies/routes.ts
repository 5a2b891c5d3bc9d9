import { Router } from 'express';
import {
  DOCUMENT_NUMBER_MAX,
  PAPER_COPY_STAFF_MESSAGES,
  PaperCopyListQuery,
  type PaperCopyDispatchResponse,
  type PaperCopyListResponse,
  type PaperCopyRequestRecord,
  PaperCopyRequestBody,
  shownPaperCopyReference,
} from '@ifu/contracts';
import { PAPER_COPY_MESSAGES, type PaperCopyDocumentResponse, type PaperCopyResponse } from '@ifu/contracts/public';
import { findPaperCopyRequest, findPublicDocumentByNumber, listPaperCopyRequests, type PaperCopyRequestRecord as StoredRequest } from '@ifu/projections';
import { guards, perAddressLimit, perIpLimit } from '../auth';
import { ERASED_VISITOR } from '../audit';
import type { Queryable } from '@ifu/storage/database/database';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { ifMatch, originOf, parseBody, runCommand, setVersion } from '../platform/http';
import { openEmail, visitorKeys } from '../public-portal';
import { dispatchPaperCopy, PAPER_COPY_READ_MODELS, requestPaperCopy } from './commands';
import { isOverdue, utcDay } from './paper-copy';

/** Paper-copy requests per caller address per 15 minutes, and per requester's address per hour. */
export const PAPER_COPY_LIMIT_PER_IP = 5;
export const PAPER_COPY_LIMIT_PER_ADDRESS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** The staff view of stored requests: personal data opened with each requester's key, or 'erased visitor'. */
async function staffRecords(db: Queryable, stored: readonly StoredRequest[], today: string): Promise<PaperCopyRequestRecord[]> {
  const keys = await visitorKeys(db, [...new Set(stored.map((r) => r.visitorId))]);
  return stored.map((r) => {
    const key = keys.get(r.visitorId);
    const open = (sealed: string) => (key && openEmail(key, sealed)) ?? undefined;
    const [name, address, email] = [open(r.sealed.name), open(r.sealed.address), open(r.sealed.email)];
    const available = name !== undefined && address !== undefined && email !== undefined;
    return {
      requestId: r.requestId,
      reference: r.reference && shownPaperCopyReference(r.reference),
      documentNumber: r.documentNumber,
      documentVersion: r.documentVersion,
      docName: r.docName,
      quantity: r.quantity,
      name: name ?? ERASED_VISITOR,
      address: address ?? ERASED_VISITOR,
      email: email ?? ERASED_VISITOR,
      personalDataAvailable: available,
      requestedOn: r.requestedOn,
      dueDate: r.dueDate,
      status: r.status,
      overdue: isOverdue(r, today),
      dispatchedAt: r.dispatchedAt,
      dispatchedByName: r.dispatchedByName,
    };
  });
}

/**
 * Paper copies on request (EU 2021/2226): the public request under /module2, and the staff list and
 * dispatch. The requester's personal data is never logged: the mailer is told the recipient is a visitor.
 */
export function paperCopyRoutes(ctx: AppContext): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  // The document a paper copy can be asked for, as its form shows it: public today, with its version.
  router.get('/module2/paperCopyDocument/:documentNumber', async (req, res) => {
    const number = String(req.params.documentNumber);
    if (number.length > DOCUMENT_NUMBER_MAX || !DOCUMENT_NUMBER.test(number)) refuse('paper-copy-document-not-public');
    const document = await findPublicDocumentByNumber(await ctx.reads.for(req), number, utcDay(ctx.clock()));
    if (!document) refuse('paper-copy-document-not-public');
    res.json({
      documentNumber: document.documentNumber,
      version: document.version,
      docName: document.docName,
      productFamilyName: document.productFamilyName,
    } satisfies PaperCopyDocumentResponse);
  });

  router.post('/module2/paperCopyRequest', perIpLimit(ctx.rateLimits, 'paper-copy', PAPER_COPY_LIMIT_PER_IP), perAddressLimit(ctx.rateLimits, 'paper-copy', PAPER_COPY_LIMIT_PER_ADDRESS), async (req, res) => {
    const body = parseBody(PaperCopyRequestBody, req.body);
    const recorded = await requestPaperCopy(ctx, originOf(req), body);
    // The receipt is the requester's alone; past the hour's budget of such mails it is not sent (the page shows the
    // due date either way). Our own words only: the requester's name and address are not echoed to the address given.
    const receiptSent = await ctx.anonymousMail.toAddressee('paper-copy-receipt', req.log, async () => {
      try {
        await ctx.mailer.send({
          to: body.email,
          visitor: true,
          subject: 'IFU Portal: your request for a paper copy',
          text: [
            'Hello,',
            '',
            `We received your request for ${body.quantity} paper ${body.quantity === 1 ? 'copy' : 'copies'} of document ${recorded.documentNumber}, version ${recorded.version} (${recorded.docName}).`,
            '',
            `It will be sent to the delivery address you gave, at no cost, by ${recorded.dueDate} (within 7 calendar days of your request).`,
            '',
            `Your reference: ${shownPaperCopyReference(recorded.reference)} (give it if you call or write to us about this request)`,
            `Your request number: ${recorded.requestId}`,
            '',
            'If you did not ask for this, you can ignore this mail.',
            '',
            'IFU Portal',
          ].join('\n'),
        });
        return true;
      } catch (err) {
        // Only the kind of failure: a mail server's message may quote the address.
        req.log.error({ mailError: (err as { code?: unknown }).code ?? (err as Error).name }, 'paper-copy receipt not sent');
        return false;
      }
    });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({
      message: receiptSent ? PAPER_COPY_MESSAGES.requested : PAPER_COPY_MESSAGES.requestedNoReceipt,
      requestId: recorded.requestId,
      reference: shownPaperCopyReference(recorded.reference),
      dueDate: recorded.dueDate,
      receiptSent,
    } satisfies PaperCopyResponse);
  });

  // The requesters' names, postal addresses and emails: for the ADMINs who send the copies (and get the overdue
  // reminder), not for every staff member.
  router.get('/paperCopyRequests', ...adminOnly, async (req, res) => {
    const { status } = parseBody(PaperCopyListQuery, { ...req.query });
    const today = utcDay(ctx.clock());
    res.setHeader('Cache-Control', 'private, no-store');
    // The list and the requesters' keys from one database, so each listed request finds its key.
    const db = await ctx.reads.for(req);
    res.json({ today, list: await staffRecords(db, await listPaperCopyRequests(db, status), today) } satisfies PaperCopyListResponse);
  });

  router.post('/paperCopyRequests/:id/dispatch', ...adminOnly, async (req, res) => {
    const requestId = String(req.params.id);
    if (!UUID.test(requestId)) refuse('paper-copy-request-not-found');
    await runCommand(ctx, req, PAPER_COPY_READ_MODELS, (run) => dispatchPaperCopy(run, { requestId: requestId.toLowerCase(), actor: req.auth!, seenVersion: ifMatch(req) }));
    const stored = await findPaperCopyRequest(ctx.db, requestId.toLowerCase());
    if (!stored) refuse('paper-copy-request-not-found');
    setVersion(res, stored.version);
    const [request] = await staffRecords(ctx.db, [stored], utcDay(ctx.clock()));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ message: PAPER_COPY_STAFF_MESSAGES.dispatched, request: request! } satisfies PaperCopyDispatchResponse);
  });

  return router;
}
