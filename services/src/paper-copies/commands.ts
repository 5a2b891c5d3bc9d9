import { randomInt, randomUUID } from 'node:crypto';
import { PAPER_COPY_OVERDUE_STREAM, PAPER_COPY_REFERENCE_ALPHABET, PAPER_COPY_REFERENCE_LENGTH, paperCopyStreamId, type PaperCopyRequestBody } from '@ifu/contracts';
import { findPublicDocumentByNumber, listActiveAdmins, overduePaperCopyRequests, paperCopyReferenceTaken } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { type IntervalJob, startIntervalJob } from '../platform/interval-job';
import type { CommandOrigin, CommandRun } from '../platform/command-pipeline';
import type { AuthenticatedUser } from '../platform/http';
import { sealEmail, visitorFor } from '../public-portal';
import { type PublicDocumentFacts, type RequestPaperCopy, paperCopyDecider, paperCopyOverdueDecider, utcDay } from './paper-copy';

/** The public document a request names, as the read models have it today (undefined: not public today). */
async function documentFacts(ctx: AppContext, documentNumber: string, today: string): Promise<PublicDocumentFacts | undefined> {
  const found = await findPublicDocumentByNumber(ctx.db, documentNumber, today);
  return found && { childDocumentId: found.childDocumentId, documentNumber: found.documentNumber, version: found.version, docName: found.docName, customerId: found.customerId };
}

/** A reference drawn at random from the alphabet (23^8, about 7.8e10 of them). */
export const drawPaperCopyReference = (): string =>
  Array.from({ length: PAPER_COPY_REFERENCE_LENGTH }, () => PAPER_COPY_REFERENCE_ALPHABET[randomInt(PAPER_COPY_REFERENCE_ALPHABET.length)]).join('');

/**
 * A reference no recorded request has: drawn again on the rare collision. Checked against the stored requests, which
 * the request's own command waits for, so only two requests drawing the same one in the same instant could share it.
 */
async function freshReference(ctx: AppContext): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const reference = drawPaperCopyReference();
    if (!(await paperCopyReferenceTaken(ctx.db, reference))) return reference;
  }
  throw new Error('no free paper-copy reference after 8 draws');
}

/** What a recorded request answers: its id, its short reference, its due date and the document as recorded. */
export interface RecordedRequest {
  requestId: string;
  reference: string;
  dueDate: string;
  documentNumber: string;
  version: number;
  docName: string;
}

/**
 * A visitor's request for a paper copy. Decided first without the requester (their key is not made, nothing is
 * stored when it is refused); then their personal data is sealed under their visitor key (made on first use) and the
 * request recorded under their random id, with no IP address or browser in its metadata.
 */
export async function requestPaperCopy(ctx: AppContext, origin: CommandOrigin, body: PaperCopyRequestBody): Promise<RecordedRequest> {
  const requestId = randomUUID();
  const reference = await freshReference(ctx);
  const command = (now: Date, document: PublicDocumentFacts | undefined, visitorId = '', sealed = { email: '', name: '', address: '' }): RequestPaperCopy => ({
    type: 'RequestPaperCopy',
    requestId,
    reference,
    visitorId,
    sealed,
    documentNumber: body.documentNumber,
    version: body.version,
    quantity: body.quantity,
    document,
    now,
  });
  // The check appends nothing: its run is never executed, so its actor is only a name.
  const probe = ctx.commands.begin({ actor: { type: 'system', name: 'paper-copy-check' }, correlationId: origin.correlationId, ip: null, userAgent: null });
  const checked = await documentFacts(ctx, body.documentNumber, utcDay(probe.now));
  await probe.check({ stream: paperCopyStreamId(requestId), decider: paperCopyDecider, command: command(probe.now, checked) });

  const visitor = await visitorFor(ctx.db, ctx.secrets.linkSecret, body.email);
  const run = ctx.commands.begin({ ...origin, actor: { type: 'visitor', visitorId: visitor.visitorId }, ip: null, userAgent: null });
  const sealed = { email: sealEmail(visitor.key, body.email), name: sealEmail(visitor.key, body.name), address: sealEmail(visitor.key, body.address) };
  const document = await documentFacts(ctx, body.documentNumber, utcDay(run.now));
  const { events } = await run.execute({
    stream: paperCopyStreamId(requestId),
    decider: paperCopyDecider,
    command: command(run.now, document, visitor.visitorId, sealed),
    expectedVersion: 0,
  });
  const recorded = events[0]!;
  if (recorded.type !== 'PaperCopyRequested') throw new Error('a paper-copy request recorded something else');
  await run.settle(['paper-copy-requests']);
  return { requestId, reference, dueDate: recorded.data.dueDate, documentNumber: recorded.data.documentNumber, version: recorded.data.version, docName: recorded.data.docName };
}

/** An ADMIN marks a request dispatched: who and when, once. */
export async function dispatchPaperCopy(run: CommandRun, input: { requestId: string; actor: AuthenticatedUser; seenVersion?: number }): Promise<void> {
  await run.execute({
    stream: paperCopyStreamId(input.requestId),
    decider: paperCopyDecider,
    expectedVersion: input.seenVersion,
    command: { type: 'DispatchPaperCopy', actorUserId: input.actor.userId, actorName: input.actor.name, now: run.now },
  });
}

/** The read model a paper-copy command's answer and the staff list read. */
export const PAPER_COPY_READ_MODELS = ['paper-copy-requests'];

/** The subject of the daily reminder: ours alone, no requester's words. */
export const OVERDUE_SUBJECT = 'IFU Portal: paper copies overdue';

/**
 * The daily reminder (a job the API starts, `startOverdueReminders`): when open requests are past their due date,
 * every active ADMIN gets one mail listing them, at most once a day. The day is recorded first
 * (`PaperCopyOverdueNotified`), so a second run that day, or a second API process, sends nothing. The mail names the
 * requests by id, document, quantity and due date: no requester's name, address or email.
 */
export async function notifyOverduePaperCopies(ctx: AppContext): Promise<{ day: string; overdue: number; mailed: number }> {
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'paper-copy-overdue' }, correlationId: randomUUID(), ip: null, userAgent: null });
  const day = utcDay(run.now);
  const overdue = await overduePaperCopyRequests(ctx.db, day);
  const admins = overdue.length === 0 ? [] : await listActiveAdmins(ctx.db);
  const { events } = await run.execute({
    stream: PAPER_COPY_OVERDUE_STREAM,
    decider: paperCopyOverdueDecider,
    command: { type: 'NotifyOverdue', day, requestIds: overdue.map((r) => r.requestId), recipients: admins.length },
  });
  if (events.length === 0) return { day, overdue: overdue.length, mailed: 0 };
  const lines = overdue.map(
    (r) => `- Request ${r.requestId}: ${r.quantity} × document ${r.documentNumber} version ${r.documentVersion} (${r.docName}), due ${r.dueDate}`,
  );
  const results = await Promise.allSettled(
    admins.map((admin) =>
      ctx.mailer.send({
        to: admin.email,
        subject: OVERDUE_SUBJECT,
        text: [
          `Hello ${admin.firstName} ${admin.lastName},`,
          '',
          `${overdue.length} paper ${overdue.length === 1 ? 'copy is' : 'copies are'} overdue today (${day}): a paper copy is due within 7 calendar days of its request (EU 2021/2226).`,
          '',
          ...lines,
          '',
          `Send them and mark them dispatched: ${ctx.config.PUBLIC_ADMIN_URL}/paperCopies`,
          '',
          'IFU Portal',
        ].join('\n'),
      }),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed > 0) ctx.logger.error({ failed, admins: admins.length }, 'overdue paper-copy reminder not delivered to every administrator');
  return { day, overdue: overdue.length, mailed: admins.length - failed };
}

/** Checks every hour (and once at start) whether today's reminder is due; one run at a time in this process. */
export function startOverdueReminders(ctx: AppContext, everyMs = 60 * 60 * 1000): IntervalJob {
  return startIntervalJob(ctx.work, {
    label: 'paper-copy overdue reminder',
    everyMs,
    tick: async () => void (await notifyOverduePaperCopies(ctx)),
  });
}
