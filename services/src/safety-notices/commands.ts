import { randomUUID } from 'node:crypto';
import { safetyNoticeStreamId, type SafetyNoticeDocument } from '@ifu/contracts';
import { safetyNoticeRecipients, safetyRevisionFacts, safetyRevisionsInEffect } from '@ifu/projections';
import { permalinkOf } from '../eifu';
import type { AppContext } from '../platform/app-context';
import { openEmail, visitorKeys } from '../public-portal';
import { type IntervalJob, startIntervalJob } from '../platform/interval-job';
import { safetyNoticeDecider } from './safety-notice';

/** The notice's subject: our own words, nothing of the visitor's. */
export const SAFETY_NOTICE_SUBJECT = 'Safety notice: a document you downloaded has been revised';
/** Recipients read per query. */
const PAGE = 200;

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

function noticeText(ctx: AppContext, documents: SafetyNoticeDocument[], paperCopyOnly: boolean): string {
  return [
    'Hello,',
    '',
    'Instructions for use that you downloaded from this portal have been replaced by a safety revision. Please read the new version before the next use:',
    '',
    ...documents.flatMap((d) => [
      `- ${d.productFamilyName}, part number ${d.partNumber}: document ${d.supersededDocumentNumber} is replaced by document ${d.documentNumber}`,
      `  ${permalinkOf(ctx.config, d.documentNumber)}`,
    ]),
    '',
    paperCopyOnly
      ? 'You receive this notice once because you asked for a paper copy of the earlier version with this address. A paper copy of the new version is sent to you on request, free of charge, from its page.'
      : 'You receive this notice once because you downloaded the earlier version through a search link sent to this address.',
    '',
    'IFU Portal',
  ].join('\n');
}

export interface SafetyNoticeRun {
  /** Notices recorded and taken by the mailer. */
  sent: number;
  /** Readers whose address can no longer be opened (forgotten visitors): nothing sent, nothing recorded. */
  erased: number;
  /** Notices the mailer refused (recorded as not delivered; tried again by a later run). */
  failed: number;
}

/**
 * The safety notices' job: for each approved safety revision in effect today (UTC) and Online, each
 * visitor who downloaded a version it superseded through an emailed link or asked for a paper copy of one, and who has no delivered notice of it, gets
 * one mail naming the documents and linking each new version's permalink. The notice is recorded first
 * (`SafetyNoticeSent`, the visitor by id only), then mailed to the address opened from the download's seal under the
 * visitor's key; a forgotten visitor has no key, so nothing is recorded or sent. A mail the mailer refuses is recorded
 * (`SafetyNoticeNotDelivered`) and tried again by a later run. Started by the API server (`startSafetyNotices`).
 */
export async function sendSafetyNotices(ctx: AppContext): Promise<SafetyNoticeRun> {
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'safety-notices' }, correlationId: randomUUID(), ip: null, userAgent: null });
  const today = utcDay(run.now);
  // What was recorded before this run (an approval, a download) is in the read models it decides from.
  await ctx.commands.caughtUp(['change-orders', 'document-search', 'safety-notices', 'paper-copy-requests']);
  const outcome: SafetyNoticeRun = { sent: 0, erased: 0, failed: 0 };
  for (const { parentChangeId } of await safetyRevisionsInEffect(ctx.db, today)) {
    const stream = safetyNoticeStreamId(parentChangeId);
    let after = '';
    for (;;) {
      const recipients = await safetyNoticeRecipients(ctx.db, parentChangeId, { afterVisitorId: after, limit: PAGE });
      if (recipients.length === 0) break;
      after = recipients.at(-1)!.visitorId;
      const keys = await visitorKeys(ctx.db, recipients.map((r) => r.visitorId));
      for (const recipient of recipients) {
        const key = keys.get(recipient.visitorId);
        const email = key && openEmail(key, recipient.sealedEmail);
        if (!email) {
          outcome.erased += 1;
          continue;
        }
        // The change order as it is now: still approved, active, Online, a safety revision in effect.
        const revision = await safetyRevisionFacts(ctx.db, parentChangeId);
        const { events } = await run.execute({
          stream,
          decider: safetyNoticeDecider,
          command: { type: 'SendSafetyNotice', revision, visitorId: recipient.visitorId, documents: recipient.documents, today },
        });
        if (events.length === 0) continue;
        try {
          await ctx.mailer.send({ to: email, subject: SAFETY_NOTICE_SUBJECT, text: noticeText(ctx, recipient.documents, recipient.paperCopyOnly), visitor: true });
          outcome.sent += 1;
        } catch (err) {
          ctx.logger.error({ err: { code: (err as { code?: unknown }).code }, parentChangeId }, 'a safety notice was not delivered; a later run tries again');
          await run.execute({
            stream,
            decider: safetyNoticeDecider,
            command: { type: 'RecordUndelivered', parentChangeId, documentId: revision!.documentId, visitorId: recipient.visitorId },
          });
          outcome.failed += 1;
        }
      }
      if (recipients.length < PAGE) break;
    }
  }
  await run.settle(['safety-notices']);
  return outcome;
}

/**
 * Runs the job at start and every `everyMs` (5 minutes): a safety revision approved today reaches its readers within
 * minutes, one taking effect on a later day soon after that day begins (UTC). One run at a time in this process;
 * another process's run at the same moment records nothing twice (each notice is a version of its stream).
 */
export function startSafetyNotices(ctx: AppContext, everyMs = 5 * 60 * 1000): IntervalJob {
  return startIntervalJob(ctx.work, { label: 'safety notices', everyMs, tick: async () => void (await sendSafetyNotices(ctx)) });
}
