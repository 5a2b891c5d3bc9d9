import { ABSENCE_MESSAGES, PERIODIC_REVIEW_MESSAGES, type PublicRefusalLanguage, SEARCH_LINK_LIMIT_TEXTS } from '@ifu/contracts';
import type { ChainBreak } from '@ifu/storage/event-store/event-store';
import { shownUtcMinute } from './shown-dates';

/**
 * The one error vocabulary of the API. Deciders return these codes as data, routes and middleware throw them as a
 * `Refusal`, and the one error handler answers `{ message, code }` with the status written here. No other file
 * names an HTTP status for an error. Messages are the spec's texts where it has one (spec §5, §8).
 */
import { TRAINING_MESSAGES } from '@ifu/contracts';

type Entry<Details> = {
  status: number;
  message: string | ((details: Details) => string);
};

function entry(status: number, message: string): { status: number; message: string };
function entry<Details>(status: number, message: (details: Details) => string): { status: number; message: (details: Details) => string };
function entry<Details>(status: number, message: Entry<Details>['message']): Entry<Details> {
  return { status, message };
}

/**
 * What happened to a record after the version its signer reviewed (named by If-Match, or the one they last opened,
 * `openedAt`), in the audit trail's words (at most 10 events).
 */
const changedSinceReview = (d: { reviewed: number; current: number; since: string[]; openedAt?: string }) =>
  `${
    d.openedAt
      ? `This record changed after you opened it: you opened version ${d.reviewed} at ${shownUtcMinute(d.openedAt)}; it is now version ${d.current}.`
      : `This record changed after you reviewed it: you reviewed version ${d.reviewed}; it is now version ${d.current}.`
  } ${
    d.since.length === 0
      ? 'The version you sent is not one this record has had.'
      : `Since then: ${d.since.slice(0, 10).join(' | ')}${d.since.length > 10 ? ` | and ${d.since.length - 10} more` : ''}.`
  } Review it again, then sign.`;

const lockedUntil = (d: { lockedUntil: string }) =>
  `This account is locked after 5 failed attempts. Try again after ${d.lockedUntil.slice(11, 16)} UTC.`;

export const ERRORS = {
  // ---- requests in general
  'invalid-request': entry<{ message: string; fields?: Array<{ field: string; message: string }> }>(400, (d) => d.message),
  'body-not-json': entry(400, 'Request body is not valid JSON'),
  'body-too-large': entry(400, 'Request body is too large'),
  'body-encoding': entry(400, 'Request body encoding is not supported'),
  'body-undecodable': entry(400, 'Request body could not be decoded'),
  'path-undecodable': entry(400, 'The address could not be decoded (a malformed % escape)'),
  'invalid-if-match': entry(400, 'If-Match must be a record version, as the ETag of the record gave it'),
  'no-such-endpoint': entry<{ method: string; path: string }>(404, (d) => `No such endpoint: ${d.method} ${d.path}`),
  'rate-limited': entry(429, 'Too many attempts from this address. Please wait 15 minutes and try again.'),
  'concurrent-change': entry(409, 'Someone else changed this record at the same time. Reload and try again.'),
  'read-models-late': entry(503, 'The change was saved but the screens are slow to show it. Reload in a moment.'),
  'not-ready': entry(503, 'database or event store unreachable'),
  'shutting-down': entry(503, 'shutting down'),
  'downloads-busy': entry(503, 'Many downloads are being prepared at once. Try again in a few seconds.'),
  'record-history-broken': entry(
    500,
    "This record's history in the event log does not verify: it was changed outside the product, so nothing was done. An administrator must run the audit verification.",
  ),
  'event-log-broken': entry<{ position: number; streamId: string; type?: string }>(
    503,
    (d) =>
      `The event log does not verify at position ${d.position} (stream ${d.streamId}${d.type ? `, type ${d.type}` : ''}): an event was written there without the audit key. Nothing from it on is shown or recorded until an operator acts (docs/security.md, "When /health reports a broken link").`,
  ),
  'audit-verify-limited': entry<{ perUserPerHour: number; totalPerHour: number }>(
    429,
    (d) =>
      `The chain verification runs at most ${d.perUserPerHour} times an hour for each administrator and ${d.totalPerHour} times in all. Try again later, or run npm run audit:verify on the server.`,
  ),
  'server-error': entry(500, 'Something went wrong on the server. The request id is in the X-Request-Id header.'),

  // ---- who is asking (auth/)
  'authentication-required': entry(401, 'Authentication required'),
  'session-ended': entry(401, 'Your session has ended. Please log in again.'),
  'account-not-active': entry(401, 'Your account is not active'),
  'admin-only': entry(403, 'This needs the ADMIN role'),
  'authentication-failure': entry(401, 'Authentication failure'),
  'account-locked': entry<{ lockedUntil: string }>(423, lockedUntil),
  'password-expired': entry(403, "Your password has expired. Use 'Forgot Password?' to set a new one."),
  'too-soon': entry<{ retryAt: string }>(429, (d) => `Too many failed attempts. Try again after ${d.retryAt.slice(11, 19)} UTC.`),
  'unlock-link-invalid': entry(400, 'This unlock link is not valid any more.'),
  // Per address asked about, from whatever callers: the caller's own address is not the cause, so not 'rate-limited'.
  'verify-email-limited': entry(429, 'Too many requests about this email address. Please wait an hour and try again, or enter your password to log in.'),
  'password-check-busy': entry(429, 'A password check is already running for your account or from your address. Try again in a moment.'),

  // ---- the second factor (second-factor/). The login's code step answers 401 (no session yet); a
  // session's own steps (enrolment) 400/403/409, never 401, which would log the browser out.
  'second-factor-enrolment-required': entry(
    403,
    'Your account has the ADMIN role: set up your second factor (an authenticator app) before you do anything else.',
  ),
  'second-factor-already-enrolled': entry(409, 'Your second factor is already set up. If you lost your authenticator app, another ADMIN can reset it.'),
  'second-factor-enrolment-unknown': entry(409, 'This set-up is no longer open (it was completed, or a newer one was started). Start again.'),
  'enrolment-code-wrong': entry(400, 'code: this is not the current code for the secret shown. Check that your device shows the right time, then enter the newest code.'),
  'second-factor-code-wrong': entry(401, 'The code is not correct. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.'),
  'second-factor-code-replayed': entry(401, 'This code was used already. Wait for the next code in your authenticator app.'),
  'recovery-code-used': entry(401, 'This recovery code was used already: each one works once.'),
  'second-factor-challenge-invalid': entry(401, 'Your login has expired or your second factor was changed. Please log in again.'),
  'second-factor-rate-limited': entry(429, 'Too many wrong codes for this account. Please wait 15 minutes and try again.'),
  'second-factor-unreadable': entry(
    500,
    "This account's stored second factor does not match the event log: it was changed outside the product. Another ADMIN must reset it.",
  ),

  // ---- re-entered credentials (signatures/, change password): 403, never 401, which would log the browser out
  'signature-refused': entry(403, 'Signature refused: enter your own username and password.'),
  // A signed decision is bound to the record as its signer reviewed it (21 CFR 11.70).
  'reviewed-version-required': entry(
    409,
    'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.',
  ),
  'changed-since-review': entry<{ reviewed: number; current: number; since: string[]; openedAt?: string }>(409, changedSinceReview),
  'current-password-wrong': entry(403, 'The current password is not correct.'),

  // ---- passwords and links (users/)
  'password-link-invalid': entry(400, 'This link is not valid any more. Use Forgot Password? to get a new one.'),
  /** Every rule the new password breaks: one message, and each rule as a field error of the password field. */
  'password-policy': entry<{ message: string; fields?: Array<{ field: string; message: string }> }>(400, (d) => d.message),
  'password-unchanged': entry(400, 'The new password must be different from the current one.'),
  'username-wrong': entry(400, 'UserName is Wrong'),

  // ---- Manage User (users/)
  'user-exists': entry(409, 'A user with this id already exists'),
  'user-not-found': entry(404, 'User not found'),
  // A user's absence and its delegate (users/absence/)
  'absence-delegate-not-eligible': entry(400, 'delegateId: choose an active ADMIN other than the absent user'),
  'absence-until-past': entry(400, `until: ${ABSENCE_MESSAGES.untilPast}`),
  'absence-too-long': entry(400, `until: ${ABSENCE_MESSAGES.tooLong}`),
  'email-taken': entry(409, 'A user with this email already exists'),
  'printed-name-taken': entry(
    409,
    'firstName, lastName: another active user already has this first and last name. A signature shows the printed name, so it must name one person: add a middle initial or another distinguishing part.',
  ),
  'cannot-deactivate-self': entry(403, 'You cannot deactivate your own account'),
  'cannot-reset-own-factor': entry(403, 'You cannot reset your own second factor: another ADMIN must do it.'),
  'second-factor-not-enrolled': entry(409, 'This user has no second factor to reset.'),
  'cannot-demote-self': entry(403, 'You cannot remove the ADMIN role from your own account'),
  'last-admin-deactivation': entry(409, 'The last active ADMIN cannot be deactivated'),
  'last-admin-demotion': entry(409, 'The last active ADMIN cannot lose the ADMIN role'),
  'account-already-active': entry(409, 'This account is already active. Log in instead.'),
  'identity-change-invalid': entry(400, 'This confirmation link is not valid any more.'),
  // Reactivation is its own signed command.
  'user-already-active': entry(409, 'This user is already active: only a deactivated user can be reactivated.'),
  // Training before signing (21 CFR 11.10(i)); the messages are shared with the portal.
  'training-not-completed': entry(403, TRAINING_MESSAGES.notCompleted),
  'training-own-record': entry(403, TRAINING_MESSAGES.ownRecord),
  'reactivation-needs-signature': entry(
    409,
    'userActive: a deactivated user is reactivated with Reactivate in the users list, signed with your username and password.',
  ),

  // ---- customers (customers/)
  'customer-exists': entry(409, 'A customer with this id already exists'),
  'customer-not-found': entry(404, 'Customer not found'),
  'customer-name-taken': entry(409, 'A customer with this name already exists'),
  'approver-not-eligible': entry(400, 'approverId: choose an active ADMIN other than yourself'),
  'not-the-approver': entry(403, 'Only the designated approver can approve or reject this customer'),
  'signer-not-admin': entry(403, 'Only an active ADMIN can approve or reject'),
  'approver-is-author': entry(403, 'The creator or last editor of a record cannot approve or reject it'),
  'already-approved': entry(409, 'This customer is already approved, and no change to it is waiting for approval'),
  'logo-not-found': entry(404, 'Logo not found'),
  // An ADMIN's signed reassignment of a waiting customer or change order (customers/reassignment/, documents/reassignment/)
  'reassign-not-waiting': entry(409, 'Only a record awaiting a decision can be reassigned to another approver'),
  'reassign-same-approver': entry(400, 'approverId: this is already its approver'),
  'reassign-to-self': entry(400, 'approverId: you cannot reassign a record to yourself (the ADMIN who reassigns never becomes its approver)'),
  'reassign-approver-not-eligible': entry(400, 'approverId: choose an active, trained ADMIN who neither created nor last edited this record'),

  // ---- documents (documents/)
  'document-exists': entry(409, 'A change order with this id already exists'),
  'document-not-found': entry(404, 'Document not found'),
  'document-decided': entry(409, 'This change order has been approved or rejected: it can no longer be edited, added to or deactivated'),
  'child-not-found': entry(404, 'Child document not found'),
  'supporting-file-not-found': entry(404, 'Supporting file not found'),
  'too-many-supporting-files': entry(400, 'parentDocuments: At most 4 supporting files can be attached'),
  'last-child': entry(409, 'A change order keeps at least one child document: deactivate the change order instead'),
  'customer-not-approved': entry(400, 'customerId: Select Customer (an approved customer)'),
  'upload-unusable': entry<{ field: string }>(
    400,
    (d) => `${d.field}: this upload is unknown, already used, someone else's or older than 24 hours. Upload the files again.`,
  ),
  'not-the-document-approver': entry(403, 'Only the assigned approver can approve or reject this change order'),
  'files-not-opened': entry<{ unopened: { fileId: string; docName: string }[] }>(
    409,
    (d) =>
      `Open every supporting file and child document before approving or rejecting. Not opened yet: ${d.unopened
        .slice(0, 20)
        .map((f) => f.docName)
        .join(', ')}${d.unopened.length > 20 ? ` and ${d.unopened.length - 20} more` : ''}`,
  ),
  'search-too-costly': entry(400, 'keywords: this search takes too long; use fewer or more specific words'),
  'document-undecided': entry(409, 'Accessibility of a change order awaiting approval is changed by editing it (Edit parent)'),
  // An Online/Offline change of an approved change order that older logs hold as pending (a switch now takes effect at
  // once): its approver may still sign or reject it.
  'accessibility-not-pending': entry(409, 'No Online/Offline change of this change order is awaiting a signature'),
  'accessibility-requester-decides': entry(403, 'The ADMIN who requested the Online/Offline change cannot approve or reject it'),
  'accessibility-reason-required': entry(400, 'reason: Enter the reason for rejecting the change'),
  'document-not-approved': entry(409, 'Only an approved document has a signature manifest'),
  // Revise and resubmit
  'revise-not-rejected': entry(409, 'Only a rejected change order can be revised and resubmitted'),
  'revise-not-author': entry(403, 'Only the author of this change order can revise and resubmit it'),
  'already-revised': entry<{ documentId: string }>(409, (d) => `This change order has already been revised and resubmitted as ${d.documentId}`),
  // Periodic review of approved change orders
  'review-not-approved': entry(409, 'Only an approved change order has a periodic review'),
  'review-date-out-of-range': entry(400, `reviewDate: ${PERIODIC_REVIEW_MESSAGES.reviewDateRange}`),
  'next-review-date-out-of-range': entry(400, `nextReviewDate: ${PERIODIC_REVIEW_MESSAGES.reviewDateRange}`),
  'review-date-not-allowed': entry(403, 'Only the author of this change order or an ADMIN can change its review date'),
  'reviewer-not-admin': entry(403, 'Only an active ADMIN can sign the periodic review'),
  'reviewer-is-author': entry(403, 'The creator or last editor of a change order cannot sign its periodic review'),
  'review-revision-open': entry(409, "This change order's periodic review concluded it must be revised: its author revises and resubmits it"),
  'kept-file-unknown': entry<{ field: string }>(400, (d) => `${d.field}: not a file of the change order being revised`),
  'manifest-unavailable': entry(422, 'The signature page cannot be added to this PDF (it is encrypted or damaged); download the original instead'),

  // ---- notices (notifications/)
  'notification-not-found': entry(404, 'Notification not found'),
  'notification-exists': entry(409, 'A notification with this id already exists'),
  'notification-customer-not-approved': entry(400, 'customerID: choose an approved customer'),
  'notification-product-without-customer': entry(400, 'productID needs a customerID'),
  'notification-product-not-of-customer': entry(400, 'productID: choose an approved product of the chosen customer'),

  // ---- the public portal (public-portal/)
  'search-link-invalid': entry(400, 'This search link is not valid. Ask for a new one below.'),
  'search-link-expired': entry(410, 'This search link has expired. Ask for a new one below.'),
  'search-link-out-of-scope': entry(404, 'This document is not available through this search link'),
  'download-rate-limited': entry<{ windowMinutes: number }>(
    429,
    (d) => `Too many downloads through this search link. Please wait ${d.windowMinutes} minutes and try again.`,
  ),
  'product-family-not-found': entry(404, 'Product not found'),
  'open-access-off': entry(403, 'This customer gives its documents through a link sent by email: ask for one on its page.'),
  'contact-failed': entry(502, 'Error on connecting administrator.'),
  'search-link-not-sent': entry(502, 'The search link could not be sent. Please try again later.'),
  'mail-budget-spent': entry<{ language: PublicRefusalLanguage }>(429, (d) => SEARCH_LINK_LIMIT_TEXTS[d.language].mailBudget),
  // A search link's limits, in the visitor's language: per email address, per customer, per network address.
  'search-link-email-limited': entry<{ language: PublicRefusalLanguage }>(429, (d) => SEARCH_LINK_LIMIT_TEXTS[d.language].email),
  'search-link-customer-limited': entry<{ language: PublicRefusalLanguage }>(429, (d) => SEARCH_LINK_LIMIT_TEXTS[d.language].customer),
  'search-link-network-limited': entry<{ language: PublicRefusalLanguage }>(429, (d) => SEARCH_LINK_LIMIT_TEXTS[d.language].network),

  // ---- paper copies on request (paper-copies/)
  'paper-copy-document-not-public': entry(
    404,
    'This document is not public: a paper copy can be requested only of a current document published on this portal.',
  ),
  'paper-copy-version-not-current': entry<{ requested: number; current: number }>(
    404,
    (d) => `Version ${d.requested} of this document is not the one published today: request a paper copy of the current version (${d.current}).`,
  ),
  'paper-copy-exists': entry(409, 'A paper-copy request with this id already exists'),
  'paper-copy-request-not-found': entry(404, 'Paper-copy request not found'),
  'paper-copy-already-dispatched': entry(409, 'This paper copy has already been marked dispatched'),

  // ---- files (files/)
  'file-invalid': entry<{ message: string; fields?: Array<{ field: string; message: string }> }>(400, (d) => d.message),
  'upload-rate-limited': entry<{ limit: number; minutes: number }>(
    429,
    (d) => `Too many uploads: at most ${d.limit} every ${d.minutes} minutes. Please wait a few minutes and try again.`,
  ),
  'upload-quota-exceeded': entry<{ quota: string }>(
    413,
    (d) =>
      `Your uploads not yet submitted would exceed ${d.quota}. Submit the documents you uploaded (unsubmitted uploads are removed after 24 hours), then upload again.`,
  ),
  'file-link-invalid': entry(404, 'This download link is not valid or has expired'),
  'public-files-rate-limited': entry<{ limit: number; window: string }>(
    429,
    (d) => `Too many downloads from this address: at most ${d.limit} in ${d.window}. Please wait ${d.window} and try again.`,
  ),
  'file-not-found': entry(404, 'File not found'),
} as const;

export type ErrorCode = keyof typeof ERRORS;

type DetailsOf<Code extends ErrorCode> = (typeof ERRORS)[Code]['message'] extends (details: infer D) => string ? D : Record<never, never>;

/** The codes whose message needs no details: a rejection of these is just `{ code }`. */
export type PlainErrorCode = { [C in ErrorCode]: keyof DetailsOf<C> extends never ? C : never }[ErrorCode];

/** A refusal as data: its code and, where the message needs them, the details. Deciders return these. */
export type Rejection<Code extends ErrorCode = ErrorCode> = { [C in Code]: { code: C } & DetailsOf<C> }[Code];

/** A rejection of a code chosen at run time among those that need no details. */
export const plainRejection = (code: PlainErrorCode) => ({ code }) as Rejection;

/** The refusal of a log that does not verify at `chainBreak` (/health, and every write meanwhile). */
export const brokenLog = ({ position, streamId, type }: ChainBreak): Rejection => ({ code: 'event-log-broken', position, streamId, ...(type ? { type } : {}) });

/** The thrown form of a rejection: caught by the one error handler. */
export class Refusal extends Error {
  constructor(
    readonly rejection: Rejection,
    /** What the refused decision still recorded (a failed credential check, a lock). */
    readonly recorded: ReadonlyArray<{ type: string; data: object }> = [],
  ) {
    super(describeRejection(rejection).message);
    this.name = 'Refusal';
  }
}

/** Throws the refusal with this code (and the details its message needs). */
export function refuse<Code extends ErrorCode>(
  ...[code, details]: keyof DetailsOf<Code> extends never ? [Code] : [Code, DetailsOf<Code>]
): never {
  throw new Refusal({ code, ...(details ?? {}) } as Rejection);
}

/** The status and message a rejection is answered with. */
export function describeRejection(rejection: Rejection): { status: number; message: string; code: ErrorCode } {
  const known = ERRORS[rejection.code] as Entry<unknown>;
  const message = typeof known.message === 'function' ? known.message(rejection) : known.message;
  return { status: known.status, message, code: rejection.code };
}
