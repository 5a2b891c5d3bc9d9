import { z } from 'zod';
import { EMAIL_MAX } from './common';
import { AUDIT_MESSAGES } from './audit';
import { reasonText, Signature, signatureCredentials, SIGNATURE_MESSAGES } from './signatures';

/**
 * The audit-trail review (EU GMP Annex 11 §9, 21 CFR 11.10(e)): one record's whole history read from the log, and the
 * reviewer's signed statement that they reviewed the trail of a date range.
 */
export const AUDIT_REVIEW_MESSAGES = {
  rangeReversed: AUDIT_MESSAGES.rangeReversed,
  rangeInFuture: 'Date End must be on or before today (UTC)',
  dateFormat: 'must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)',
  reviewed: 'Audit trail review signed',
} as const;

/** The records whose history can be reviewed, as the path names them. */
export const AuditRecordKind = z.enum(['user', 'customer', 'changeOrder', 'notice']);
export type AuditRecordKind = z.infer<typeof AuditRecordKind>;

/** `DD-MMM-YYYY`, the audit report's date format; the length is checked before the pattern. */
const auditDate = (required?: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined && required ? required : 'must be a string') })
    .max(20, { message: AUDIT_REVIEW_MESSAGES.dateFormat, abort: true })
    .trim()
    .regex(/^\d{2}-[A-Za-z]{3}-\d{4}$/, AUDIT_REVIEW_MESSAGES.dateFormat)
    .meta({ example: '21-Nov-2026' });

/** An event type as the log names it (PascalCase), bounded. */
export const EVENT_TYPE_PATTERN = /^[A-Z][A-Za-z]{0,79}$/;

/** `GET /audit/history/:kind/:id`: optional filters on what is listed (the fold always runs over the whole history). */
export const RecordHistoryQuery = z.object({
  from: auditDate().optional(),
  to: auditDate().optional(),
  actor: z.string({ error: 'must be a string' }).max(EMAIL_MAX, 'must be at most 254 characters').trim().optional().meta({ description: "The actor's email as recorded (case-insensitive)" }),
  type: z.string({ error: 'must be a string' }).max(80, { message: 'must be an event type', abort: true }).regex(EVENT_TYPE_PATTERN, 'must be an event type').optional(),
});
export type RecordHistoryQuery = z.input<typeof RecordHistoryQuery>;

/**
 * One field an event changed: its value before the event and after it, as the fold of the record's events gives them.
 * `field` is the field's name in the record; `label` how the screens label it (`productSubFamilyNameOne`: Part
 * Number); `old` and `new` read as a person reads them: the name of a user, customer or change order an id points to
 * (as the log named it when the event was recorded), days dd/MM/yyyy, country and language names, Online or Offline.
 */
export const HistoryFieldChange = z.object({ field: z.string(), label: z.string(), old: z.string(), new: z.string() });
export type HistoryFieldChange = z.infer<typeof HistoryFieldChange>;

export const HistoryEntry = z.object({
  /** Global position in the log and the event's link of the hash chain. */
  position: z.number().int(),
  hash: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  /** What happened, in the audit trail's words. */
  action: z.string(),
  /** When it was recorded, ISO 8601 UTC. */
  recordedAt: z.string(),
  /** Who, as recorded at the time (never looked up again). */
  actor: z.object({ type: z.string(), name: z.string(), email: z.string() }),
  changes: z.array(HistoryFieldChange),
  /** Why: the reason, comments and justification the event carries. */
  why: z.array(z.object({ label: z.string(), text: z.string() })),
  signature: Signature.pick({ name: true, email: true, signedAt: true, meaning: true }).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const RecordHistoryResponse = z.object({
  kind: AuditRecordKind,
  id: z.string(),
  /** The record's name now (its number, name or email), from its own events. */
  title: z.string(),
  /** The streams read, in the log's order merged. */
  streams: z.array(z.string()),
  /** Events in the whole history, and the types among them (for the filter). */
  total: z.number().int(),
  eventTypes: z.array(z.string()),
  entries: z.array(HistoryEntry),
  /** The listing stops at HISTORY_LIMIT entries. */
  truncated: z.boolean(),
});
export type RecordHistoryResponse = z.infer<typeof RecordHistoryResponse>;

/** `POST /audit/reviews`: the reviewer signs (meaning `review`) that they reviewed the trail of an inclusive UTC date range. */
export const ReviewAuditTrailRequest = z.object({
  from: auditDate('from is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)'),
  to: auditDate('to is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)'),
  comments: reasonText().optional().default(''),
  ...signatureCredentials({ username: SIGNATURE_MESSAGES.enterUsername, password: SIGNATURE_MESSAGES.enterPassword }).shape,
});
export type ReviewAuditTrailRequest = z.input<typeof ReviewAuditTrailRequest>;

export const AuditTrailReview = z.object({
  reviewId: z.string(),
  from: z.string(),
  to: z.string(),
  comments: z.string(),
  signature: Signature,
  /** What the review covers, as instants: from the start of `from` to the end of `to` or the signing, whichever is first. */
  coversFrom: z.string(),
  coversUntil: z.string(),
  position: z.number().int(),
});
export type AuditTrailReview = z.infer<typeof AuditTrailReview>;

export const AuditTrailReviewsResponse = z.object({
  reviews: z.array(AuditTrailReview),
  /** The stretches of the log's time (from its first event up to now) that no review covers. */
  unreviewed: z.array(z.object({ from: z.string(), until: z.string() })),
  firstEventAt: z.string().nullable(),
  now: z.string(),
});
export type AuditTrailReviewsResponse = z.infer<typeof AuditTrailReviewsResponse>;

export const ReviewAuditTrailResponse = z.object({ message: z.string(), review: AuditTrailReview });
export type ReviewAuditTrailResponse = z.infer<typeof ReviewAuditTrailResponse>;
