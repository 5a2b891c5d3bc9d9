import { z } from 'zod';
import { requiredText } from './common';
import { isCalendarDay } from './periodic-reviews';
import { reasonText, signatureCredentials, SIGNATURE_MESSAGES } from './signatures';

/**
 * Who a waiting record goes to, besides the approver its author chose: an ADMIN's signed reassignment of a change
 * order or customer awaiting a decision, and a user's declared absence, during which what is submitted or reassigned
 * to them goes to their delegate. The approver policy itself (who may be chosen, who may decide) is unchanged.
 */

export const REASSIGN_MESSAGES = {
  action: 'Reassign approver',
  selectApprover: 'Select the new approver',
  reassigned: 'Approver reassigned',
  /** What the view says to an approver who edited the record and so may no longer decide on it. */
  approverEdited: 'You edited this record after it was submitted to you, so you can no longer approve or reject it (the creator or last editor of a record never decides on it).',
  askAdmin: 'An ADMIN can reassign it to another approver with "Reassign approver".',
  youMayReassign: 'As an ADMIN you can reassign it to another approver with "Reassign approver".',
  /** What the edit screens say before an assigned approver edits a record waiting for them. */
  editWarning:
    'You are the approver of this record. If you save this edit you become its last editor and can no longer approve or reject it: an ADMIN will have to reassign it to another approver.',
  confirmEdit: 'I understand: I will no longer be able to approve or reject it',
} as const;

const idText = (required: string) =>
  requiredText(required, 64)
    .regex(/^[A-Za-z0-9-]+$/, 'must be an id')
    .transform((id) => id.toLowerCase());

/**
 * `POST /document/reassignApprover` (not a spec call): an ADMIN gives a change order awaiting its decision to another
 * eligible approver, signed with their own username and password (meaning `reassignment`), with a required reason.
 * `If-Match` names the version the ADMIN reviewed; without it, the one they last opened.
 */
export const ReassignChangeOrderApproverRequest = z.object({
  parentChangeId: idText('parentChangeId is required'),
  approverId: idText(REASSIGN_MESSAGES.selectApprover),
  reason: reasonText({ required: SIGNATURE_MESSAGES.enterReason }),
  ...signatureCredentials().shape,
});
export type ReassignChangeOrderApproverRequest = z.input<typeof ReassignChangeOrderApproverRequest>;

/** `POST /customer/reassignApprover` (not a spec call): the same for a customer awaiting approval or a pending change. */
export const ReassignCustomerApproverRequest = z.object({
  customerId: idText('customerId is required'),
  approverId: idText(REASSIGN_MESSAGES.selectApprover),
  reason: reasonText({ required: SIGNATURE_MESSAGES.enterReason }),
  ...signatureCredentials().shape,
});
export type ReassignCustomerApproverRequest = z.input<typeof ReassignCustomerApproverRequest>;

export const ABSENCE_MESSAGES = {
  title: 'Absence',
  from: 'From',
  until: 'Until',
  delegate: 'Delegate',
  enterFrom: 'Enter the first day of the absence',
  enterUntil: 'Enter the last day of the absence',
  dateFormat: 'must be a date like 2027-11-23',
  selectDelegate: 'Select a delegate',
  untilBeforeFrom: 'The last day must be on or after the first day',
  untilPast: 'The last day must be today or later',
  tooLong: `An absence lasts at most ${366} days`,
  declared: 'Absence saved',
  ended: 'Absence ended',
  none: 'No absence declared',
} as const;

/** The longest absence one declaration covers: a longer one is declared again. */
export const ABSENCE_MAX_DAYS = 366;

const dayField = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') })
    .max(10, { message: ABSENCE_MESSAGES.dateFormat, abort: true })
    .refine((v) => v.length > 0, { message: required, abort: true })
    .refine(isCalendarDay, { message: ABSENCE_MESSAGES.dateFormat, abort: true });

/**
 * `PUT /user/me/absence` (and `PUT /user/:id/absence` by an ADMIN for another user): the days (UTC, both included)
 * and the delegate, an active ADMIN other than the user. Replaces any absence declared before.
 */
export const DeclareAbsenceRequest = z
  .object({
    from: dayField(ABSENCE_MESSAGES.enterFrom),
    until: dayField(ABSENCE_MESSAGES.enterUntil),
    delegateId: idText(ABSENCE_MESSAGES.selectDelegate),
  })
  .superRefine((value, context) => {
    if (value.until < value.from) context.addIssue({ code: 'custom', path: ['until'], message: ABSENCE_MESSAGES.untilBeforeFrom });
  });
export type DeclareAbsenceRequest = z.input<typeof DeclareAbsenceRequest>;

/** An absence as the log records it: days `YYYY-MM-DD` (UTC, both included) and the delegate's user id. */
export interface Absence {
  from: string;
  until: string;
  delegateId: string;
}

/** Whether the absence covers `day` (`YYYY-MM-DD`, the UTC day of the command). */
export const isAbsentOn = (absence: Absence | null | undefined, day: string): absence is Absence =>
  absence !== null && absence !== undefined && absence.from <= day && day <= absence.until;

/** An absence as the screens show it: its days and its delegate (their printed name and email). */
export const AbsenceView = z.object({ from: z.string(), until: z.string(), delegate: z.object({ id: z.string(), name: z.string(), email: z.string() }) });
export type AbsenceView = z.infer<typeof AbsenceView>;

/** `GET`, `PUT` and `DELETE /user/me/absence`: the user's absence not yet over, or none. */
export const AbsenceResponse = z.object({ message: z.string().optional(), absence: AbsenceView.nullable() });
export type AbsenceResponse = z.infer<typeof AbsenceResponse>;
