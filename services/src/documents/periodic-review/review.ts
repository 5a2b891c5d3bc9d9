import { documentStreamId, type PeriodicReviewOutcome, type Signature, type SignatureCredentials } from '@ifu/contracts';
import { findUserById } from '@ifu/projections';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import type { AuthenticatedUser } from '../../platform/http';
import { signed } from '../../signatures';
import { documentsVocabulary } from '../audit';
import { periodicReviewDecider } from './rules';

/**
 * Periodic review of approved change orders (EU GMP Annex 11 §11): moving the review date, the signed review,
 * and the daily reminders. The rules are the change order decider's (`change-order.ts`); this wires them to the clock,
 * the signatures and the mailer.
 */

export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** `POST /document/periodicReview/date`: the author or an ADMIN (their role now) moves the review date. */
export async function setReviewDate(
  run: CommandRun,
  input: { parentChangeId: string; reviewDate: string; reason: string; actor: AuthenticatedUser; seenVersion: number | undefined },
): Promise<void> {
  await run.execute({
    stream: documentStreamId(input.parentChangeId),
    decider: periodicReviewDecider,
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
  const { events, state } = await signed(ctx, run, {
    stream: documentStreamId(input.parentChangeId),
    decider: periodicReviewDecider,
    vocabulary: documentsVocabulary,
    meaning: 'periodic-review',
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command: (signature, signer) => ({
      type: 'CompletePeriodicReview' as const,
      outcome: input.outcome,
      ...(input.nextReviewDate === undefined ? {} : { nextReviewDate: input.nextReviewDate }),
      comments: input.comments,
      signature,
      signerRole: signer.role,
      today: utcDay(run.now),
    }),
  });
  const completed = events[0];
  if (completed?.type === 'PeriodicReviewCompleted' && completed.data.outcome === 'revise') await tellAuthorToRevise(ctx, state.createdBy, completed.data);
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

