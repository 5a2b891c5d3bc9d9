import type { DocumentEvent, PeriodicReviewOutcome, Role, Signature } from '@ifu/contracts';
import { addDays, defaultReviewDate, REVIEW_REMINDER_DAYS, reviewDateAllowed } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ChangeOrderState, changeOrderDeciderOf, refused, reminderKey } from '../change-order';
import { periodicReviewRefusal, reviewDateRefusal, reviewRefusal } from '../permissions';

/** Periodic review of approved change orders (EU GMP Annex 11 §11): its date, its reminders and the signed review. */

/** The author or an ADMIN (their role now) moves the periodic review date of an approved change order. */
export interface SetReviewDate {
  type: 'SetReviewDate';
  reviewDate: string;
  reason: string;
  actorUserId: string;
  actorRole: Role;
  /** Today (UTC), from the command's clock: the date must be after it and at most 5 years ahead. */
  today: string;
}

/**
 * The daily job's reminder of the review date. `upcoming` from 30 days before the review date, `due` from the
 * day itself (a day the job missed is caught up the next day); each once per review date. `recipients`: the author and
 * the approver as active accounts now (user ids); with none, nothing is recorded.
 */
export interface RemindPeriodicReview {
  type: 'RemindPeriodicReview';
  today: string;
  recipients: string[];
}

/** The signed periodic review (meaning `periodic-review`) and its outcome. */
export interface CompletePeriodicReview {
  type: 'CompletePeriodicReview';
  outcome: PeriodicReviewOutcome;
  /** For 'still-valid': the next review date chosen; by default 12 months after today. */
  nextReviewDate?: string;
  comments: string;
  signature: Signature;
  signerRole: Role;
  today: string;
}

function decideSetReviewDate(state: ChangeOrderState, command: SetReviewDate): Decision<DocumentEvent> {
  const refusal = reviewDateRefusal(state, { id: command.actorUserId, role: command.actorRole });
  if (refusal) return refused(refusal);
  if (!reviewDateAllowed(command.reviewDate, command.today)) return refused('review-date-out-of-range');
  if (command.reviewDate === state.reviewDate) return { events: [] };
  return {
    events: [
      {
        type: 'PeriodicReviewDateChanged',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          reviewDate: command.reviewDate,
          previous: state.reviewDate,
          changedBy: command.actorUserId,
          reason: command.reason,
        },
      },
    ],
  };
}

/** Which reminder of the review date is due on `today`, if any: `due` from the day, `upcoming` from 30 days before. */
export function reminderDue(reviewDate: string | null, today: string): 'upcoming' | 'due' | undefined {
  if (reviewDate === null) return undefined;
  if (today >= reviewDate) return 'due';
  if (today >= addDays(reviewDate, -REVIEW_REMINDER_DAYS)) return 'upcoming';
  return undefined;
}

function decideRemind(state: ChangeOrderState, command: RemindPeriodicReview): Decision<DocumentEvent> {
  if (reviewRefusal(state) || command.recipients.length === 0) return { events: [] };
  const reminder = reminderDue(state.reviewDate, command.today);
  if (!reminder || state.remindersSent.includes(reminderKey(state.reviewDate!, reminder))) return { events: [] };
  // The day itself passed: the 30-day reminder is no longer news.
  return {
    events: [
      {
        type: 'PeriodicReviewReminderSent',
        data: { parentChangeId: state.parentChangeId, documentId: state.documentId, reviewDate: state.reviewDate!, reminder, recipients: command.recipients },
      },
    ],
  };
}

function decideCompleteReview(state: ChangeOrderState, command: CompletePeriodicReview): Decision<DocumentEvent> {
  const refusal = periodicReviewRefusal(state, { id: command.signature.signerId, role: command.signerRole });
  if (refusal) return refused(refusal);
  let nextReviewDate: string | null = null;
  if (command.outcome === 'still-valid') {
    if (command.nextReviewDate !== undefined && !reviewDateAllowed(command.nextReviewDate, command.today)) return refused('next-review-date-out-of-range');
    nextReviewDate = command.nextReviewDate ?? defaultReviewDate(command.today);
  }
  return {
    events: [
      {
        type: 'PeriodicReviewCompleted',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          signature: command.signature,
          comments: command.comments,
          outcome: command.outcome,
          reviewDate: state.reviewDate,
          nextReviewDate,
        },
      },
    ],
  };
}

export type PeriodicReviewCommand = SetReviewDate | RemindPeriodicReview | CompletePeriodicReview;

export const periodicReviewDecider = changeOrderDeciderOf<PeriodicReviewCommand>((command, state) => {
  switch (command.type) {
    case 'SetReviewDate':
      return decideSetReviewDate(state, command);
    case 'RemindPeriodicReview':
      return decideRemind(state, command);
    case 'CompletePeriodicReview':
      return decideCompleteReview(state, command);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
});
