import { randomUUID } from 'node:crypto';
import { addDays, documentStreamId, type PeriodicReviewOutcome, REVIEW_REMINDER_DAYS, type Role, type Signature, type SignatureCredentials } from '@ifu/contracts';
import { findChangeOrder, findUserById, periodicReviewsToRemind } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import type { AuthenticatedUser } from '../platform/http';
import { decideSigned } from '../signatures/signatures';
import { documentsVocabulary } from './audit';
import { type ChangeOrderCommand, changeOrderDecider } from './change-order';

/**
 * Periodic review of approved change orders (issue 23, EU GMP Annex 11 §11): moving the review date, the signed review,
 * and the daily reminders. The rules are the change order decider's (`change-order.ts`); this wires them to the clock,
 * the signatures and the mailer.
 */

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** `POST /document/periodicReview/date`: the author or an ADMIN (their role now) moves the review date. */
export async function setReviewDate(
  run: CommandRun,
  input: { parentChangeId: string; reviewDate: string; reason: string; actor: AuthenticatedUser; seenVersion: number | undefined },
): Promise<void> {
  await run.execute({
    stream: documentStreamId(input.parentChangeId),
    decider: changeOrderDecider,
    expectedVersion: input.seenVersion,
    command: {
      type: 'SetReviewDate',
      reviewDate: input.reviewDate,
      reason: input.reason,
      actorUserId: input.actor.userId,
      actorRole: input.actor.role,
      today: utcDay(run.now),
    },
  });
}

/**
 * `POST /document/periodicReview/complete`: the signed periodic review (meaning `periodic-review`), as every decision:
 * checked unsigned first (who may, the change order's state: refused without asking for the password), then signed
 * with the caller's own credentials at the version reviewed (If-Match, required), then decided on that fold.
 */
export async function completePeriodicReview(
  ctx: AppContext,
  run: CommandRun,
  input: {
    parentChangeId: string;
    outcome: PeriodicReviewOutcome;
    nextReviewDate?: string;
    comments: string;
    credentials: SignatureCredentials;
    actor: AuthenticatedUser;
    seenVersion: number | undefined;
  },
): Promise<void> {
  const stream = documentStreamId(input.parentChangeId);
  const record = await run.load(stream, changeOrderDecider);
  const decision = (signature: Signature, signerRole: Role): ChangeOrderCommand => ({
    type: 'CompletePeriodicReview',
    outcome: input.outcome,
    ...(input.nextReviewDate === undefined ? {} : { nextReviewDate: input.nextReviewDate }),
    comments: input.comments,
    signature,
    signerRole,
    today: utcDay(run.now),
  });
  const { events } = await decideSigned(ctx, run, {
    actor: input.actor,
    credentials: input.credentials,
    meaning: 'periodic-review',
    subject: { stream, decider: changeOrderDecider, vocabulary: documentsVocabulary, seenVersion: input.seenVersion, record },
    decision,
  });
  const completed = events[0];
  if (completed?.type === 'PeriodicReviewCompleted' && completed.data.outcome === 'revise') await tellAuthorToRevise(ctx, record.state.createdBy, completed.data);
}

export const reviseRequestSubject = (documentId: string) => `IFU Portal: ${documentId} is to be revised after its periodic review`;

/**
 * After a review concluded 'revise' the author (never the reviewer) is told, with the link to the revise wizard. Sent
 * after the review is recorded, once (a second review is refused while that outcome stands); a refused mail is logged.
 */
async function tellAuthorToRevise(ctx: AppContext, authorId: string | null, review: { parentChangeId: string; documentId: string; comments: string; signature: Signature }) {
  const author = authorId ? await findUserById(ctx.db, authorId) : undefined;
  if (!author?.userActive || author.isDeleted) return;
  try {
    await ctx.mailer.send({
      to: author.email,
      subject: reviseRequestSubject(review.documentId),
      text: [
        `Hello ${author.firstName} ${author.lastName},`,
        '',
        `${review.signature.name} completed the periodic review of change order ${review.documentId}: it is to be revised.`,
        ...(review.comments ? [`Their comments: ${review.comments}`] : []),
        `It stays approved and public until its revision is approved. Revise and resubmit it: ${ctx.config.PUBLIC_ADMIN_URL}/document/revise/${review.parentChangeId}`,
        '',
        'IFU Portal',
      ].join('\n'),
    });
  } catch (err) {
    ctx.logger.error({ err: { code: (err as { code?: unknown }).code }, documentId: review.documentId }, 'the request to revise after a periodic review was not delivered');
  }
}

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
 * The daily job (issue 23): for each active approved change order whose review is due within 30 days, the decider
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
      decider: changeOrderDecider,
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
export function startPeriodicReviewReminders(ctx: AppContext, everyMs = 60 * 60 * 1000): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    ctx.work.defer('periodic review reminders', async () => {
      try {
        await sendPeriodicReviewReminders(ctx);
      } finally {
        running = false;
      }
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
