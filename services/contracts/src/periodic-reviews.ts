import { z } from 'zod';
import { passwordText, requiredText } from './common';
import { REASON_MAX, reasonText, SIGNATURE_MESSAGES } from './signatures';

/**
 * Periodic review of approved change orders (EU GMP Annex 11 §11 periodic evaluation): each approved change
 * order has a review date (a UTC calendar day, `YYYY-MM-DD`); its author and approver are mailed 30 days before and on
 * the day; past it the review is overdue until someone signs it (meaning `periodic-review`).
 */

/** The review date an approval sets when the approver gives none, and the next one a 'still-valid' review sets. */
export const REVIEW_INTERVAL_MONTHS = 12;
/** A review date is after today and at most this many years after today. */
export const REVIEW_DATE_MAX_YEARS = 5;
/** The first reminder goes this many days before the review date; the second on the day. */
export const REVIEW_REMINDER_DAYS = 30;

export const PeriodicReviewOutcome = z.enum(['still-valid', 'revise']);
export type PeriodicReviewOutcome = z.infer<typeof PeriodicReviewOutcome>;

export const PERIODIC_REVIEW_MESSAGES = {
  reviewDate: 'Review date',
  reviewOverdue: 'Review overdue',
  reviewDue: 'Periodic review',
  completeReview: 'Complete periodic review',
  changeReviewDate: 'Change review date',
  stillValid: 'Still valid',
  revise: 'Revise',
  enterReviewDate: 'Enter the review date',
  reviewDateFormat: 'must be a date like 2027-11-23',
  reviewDateRange: `the review date must be after today and at most ${REVIEW_DATE_MAX_YEARS} years ahead`,
  selectOutcome: 'Select the outcome of the review',
  enterReviewReason: 'Enter the reason for the new review date',
  reviewCompleted: 'Periodic review completed',
  reviewDateChanged: 'Review date changed',
} as const;

/** A UTC calendar day. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` (`YYYY-MM-DD`) names a real calendar day. */
export const isCalendarDay = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** `YYYY-MM-DD`, bounded before it is looked at. */
export const reviewDateField = (required: string = PERIODIC_REVIEW_MESSAGES.enterReviewDate) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') })
    .max(10, { message: PERIODIC_REVIEW_MESSAGES.reviewDateFormat, abort: true })
    .refine((v) => v.length > 0, { message: required, abort: true })
    .refine(isCalendarDay, { message: PERIODIC_REVIEW_MESSAGES.reviewDateFormat, abort: true });

/**
 * The calendar day `months` after `day`, clamped to the month's last day (a review due 29 Feb is next due 28 Feb), as
 * PostgreSQL's `date + interval 'n months'` counts (the read model's migration derives older approvals' dates so).
 */
export function addCalendarMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, lastOfMonth))).toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The review date an approval on `approvedDay` sets by default (and the next after a 'still-valid' review). */
export const defaultReviewDate = (day: string) => addCalendarMonths(day, REVIEW_INTERVAL_MONTHS);

/** Whether a review date someone chose is allowed on `today`: after today, at most REVIEW_DATE_MAX_YEARS ahead. */
export const reviewDateAllowed = (reviewDate: string, today: string) => reviewDate > today && reviewDate <= addCalendarMonths(today, 12 * REVIEW_DATE_MAX_YEARS);

/**
 * `POST /document/periodicReview/date`: the change order's author or an ADMIN moves the review date of an approved
 * change order, saying why (recorded in the event). Not a signature: it decides nothing about the document.
 */
export const SetReviewDateRequest = z.object({
  parentChangeId: requiredText('parentChangeId is required', 64).regex(/^[A-Za-z0-9-]+$/, 'must be an id').transform((id) => id.toLowerCase()),
  reviewDate: reviewDateField(),
  reason: reasonText({ required: PERIODIC_REVIEW_MESSAGES.enterReviewReason }),
});
export type SetReviewDateRequest = z.input<typeof SetReviewDateRequest>;

/**
 * `POST /document/periodicReview/complete`: the signed periodic review (meaning `periodic-review`) at the version
 * reviewed (If-Match, required). `still-valid` sets the next review date (`nextReviewDate`, by default 12 months after
 * today); `revise` records the outcome and opens revise-and-resubmit for the change order's author.
 */
export const CompletePeriodicReviewRequest = z
  .object({
    parentChangeId: requiredText('parentChangeId is required', 64).regex(/^[A-Za-z0-9-]+$/, 'must be an id').transform((id) => id.toLowerCase()),
    outcome: z.enum(PeriodicReviewOutcome.options, {
      error: (issue) => (issue.input === undefined ? PERIODIC_REVIEW_MESSAGES.selectOutcome : 'must be still-valid or revise'),
    }),
    nextReviewDate: reviewDateField().optional(),
    comments: reasonText({ tooLong: `comments: must be at most ${REASON_MAX} characters` }).optional(),
    username: requiredText(SIGNATURE_MESSAGES.enterUsername, 254),
    password: passwordText(SIGNATURE_MESSAGES.enterPassword),
  })
  .superRefine((value, context) => {
    if (value.outcome === 'revise' && value.nextReviewDate !== undefined) {
      context.addIssue({ code: 'custom', path: ['nextReviewDate'], message: 'a review with the outcome revise sets no next review date' });
    }
  })
  .transform((value) => ({ ...value, comments: value.comments ?? '' }));
export type CompletePeriodicReviewRequest = z.input<typeof CompletePeriodicReviewRequest>;

/** What the view shows of the periodic review of an approved change order. */
export const PeriodicReviewView = z.object({
  /** The day the next review is due (`YYYY-MM-DD`); null when none is due (not approved, or revised after a review). */
  reviewDate: z.string().nullable(),
  /** The review date has passed and the review was not completed. */
  overdue: z.boolean(),
  /** The last completed review: when, its outcome and who signed it; null before the first. */
  lastReview: z.object({ completedAt: z.string(), outcome: PeriodicReviewOutcome, signedBy: z.string() }).nullable(),
  /** The caller may sign the review now (an ADMIN, not its author; see docs/product.md). */
  mayComplete: z.boolean(),
  /** The caller may move the review date (its author or an ADMIN). */
  maySetDate: z.boolean(),
});
export type PeriodicReviewView = z.infer<typeof PeriodicReviewView>;
