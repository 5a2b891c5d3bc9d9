import { randomUUID } from 'node:crypto';
import { addDays, documentStreamId, REVIEW_REMINDER_DAYS } from '@ifu/contracts';
import { findChangeOrder, findUserById, periodicReviewsToRemind } from '@ifu/projections';
import type { AppContext } from '../../platform/app-context';
import { type IntervalJob, startIntervalJob } from '../../platform/interval-job';
import { utcDay } from './review';
import { periodicReviewDecider } from './rules';

/** The reminders' subject: our own words and the change order's number. */
export const reviewReminderSubject = (documentId: string, reminder: 'upcoming' | 'due') =>
  reminder === 'upcoming' ? `IFU Portal: periodic review of ${documentId} due in ${REVIEW_REMINDER_DAYS} days` : `IFU Portal: periodic review of ${documentId} due`;

export interface ReviewReminderRun {
  day: string;
  /** Reminders recorded (one per change order and reminder). */
  reminded: number;
  /** Mails the mailer took. */
  mailed: number;
}

/**
 * The daily job: for each active approved change order whose review is due within 30 days, the decider
 * says whether a reminder is due (`upcoming` from 30 days before, `due` from the day) and not yet sent; if so it is
 * recorded first (`PeriodicReviewReminderSent`, on the change order's stream, the recipients by id), then mailed to the
 * change order's author and approver as active accounts now. A second run that day, another API process or a restart
 * records nothing again (the reminder is a version of the stream: of two at once one is appended, and the other's
 * retry folds it and decides nothing), so nothing is sent twice. A mail the mailer refuses is logged, not retried.
 */
export async function sendPeriodicReviewReminders(ctx: AppContext): Promise<ReviewReminderRun> {
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'periodic-review-reminders' }, correlationId: randomUUID(), ip: null, userAgent: null });
  const day = utcDay(run.now);
  await ctx.commands.caughtUp(['change-orders', 'user-accounts']);
  const outcome: ReviewReminderRun = { day, reminded: 0, mailed: 0 };
  for (const candidate of await periodicReviewsToRemind(ctx.db, addDays(day, REVIEW_REMINDER_DAYS))) {
    const record = await findChangeOrder(ctx.db, candidate.parentChangeId);
    if (!record) continue;
    const people = await Promise.all([...new Set([record.createdBy, record.approverId])].map((id) => findUserById(ctx.db, id)));
    const recipients = people.filter((user) => user !== undefined && user.userActive && !user.isDeleted).map((user) => user!);
    const { events } = await run.execute({
      stream: documentStreamId(candidate.parentChangeId),
      decider: periodicReviewDecider,
      command: { type: 'RemindPeriodicReview', today: day, recipients: recipients.map((user) => user.id) },
    });
    const sent = events[0];
    if (sent?.type !== 'PeriodicReviewReminderSent') continue;
    outcome.reminded += 1;
    const { reminder, reviewDate } = sent.data;
    const results = await Promise.allSettled(
      recipients.map((user) =>
        ctx.mailer.send({
          to: user.email,
          subject: reviewReminderSubject(record.documentId, reminder),
          text: [
            `Hello ${user.firstName} ${user.lastName},`,
            '',
            reminder === 'upcoming'
              ? `The periodic review of change order ${record.documentId} (${record.productFamilyName}) is due on ${reviewDate}, in ${REVIEW_REMINDER_DAYS} days.`
              : `The periodic review of change order ${record.documentId} (${record.productFamilyName}) is due today (${reviewDate}).`,
            'An ADMIN who did not write it confirms it is still valid, or that it must be revised, with their electronic signature.',
            '',
            `Open it: ${ctx.config.PUBLIC_ADMIN_URL}/document/view/${record.parentChangeId}`,
            '',
            'IFU Portal',
          ].join('\n'),
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) ctx.logger.error({ failed, documentId: record.documentId }, 'a periodic review reminder was not delivered to every recipient');
    outcome.mailed += recipients.length - failed;
  }
  await run.settle(['change-orders']);
  return outcome;
}

/** Checks every hour (and once at start) whether a reminder is due; one run at a time in this process. */
export function startPeriodicReviewReminders(ctx: AppContext, everyMs = 60 * 60 * 1000): IntervalJob {
  return startIntervalJob(ctx.work, { label: 'periodic review reminders', everyMs, tick: async () => void (await sendPeriodicReviewReminders(ctx)) });
}
