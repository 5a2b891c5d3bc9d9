import { type Absence, isAbsentOn, type Role } from '@ifu/contracts';

/**
 * Who may approve: the one policy of the deciders that choose an approver or take an approver's
 * decision (customers, change orders), and of the screens that ask whether the viewer may decide (`canDecide`,
 * `mayDecide`), which the server answers from the same functions. Pure: the facts arrive as data.
 *
 * The rules (spec §4, §5; architecture §6, separation of duties):
 * - an approver is chosen among active, non-deleted ADMINs, never the person filling in the form nor the record's
 *   creator (for a customer as for a change order: the creator never approves their own record);
 * - only the assigned approver decides, holding the ADMIN role at the moment of signing, and never the record's
 *   creator or last editor.
 *
 * Whether the record still awaits a decision is each aggregate's own rule (a rejected customer may be decided again,
 * a decided change order may not), as are the refusal codes and their messages (`not-the-approver` for a customer,
 * `not-the-document-approver` for a change order).
 */

/**
 * A chosen approver as their own stream in the log has them now (spec §5: an active, non-deleted ADMIN), never as the
 * `user_accounts` read model says (the request path can write that table). Loaded by
 * `users/approver-facts.ts` within the command.
 */
export interface ApproverFacts {
  id: string;
  role: Role;
  active: boolean;
  /**
   * Training recorded as completed (21 CFR 11.10(i)): without it they cannot sign, so a record is never reassigned to
   * them. Absent where a caller does not know it (a choice at submission does not ask: the signature checks it).
   */
  trained?: boolean;
  /** The absence they declared and did not end, if any: records chosen for them on its days go to its delegate. */
  absence?: Absence | null;
}

/** Who wrote a record: neither its creator nor its last editor may decide on it. */
export interface Authorship {
  createdBy: string | null;
  lastEditedBy: string | null;
}

/**
 * Whether `approver` may be chosen as the approver of a record: an active ADMIN other than the person choosing
 * (`actorUserId`) and the record's creator (`createdBy`, null while it is being created: the actor creates it).
 */
export function approverChoiceRefusal(approver: ApproverFacts | undefined, choice: { actorUserId: string; createdBy: string | null }) {
  const eligible =
    approver !== undefined && approver.role === 'ADMIN' && approver.active && approver.id !== choice.actorUserId && approver.id !== choice.createdBy;
  return eligible ? undefined : ('approver-not-eligible' as const);
}

/** Why a signer may not decide on a record (its state aside): not the assigned approver, not an ADMIN now, an author. */
export type DeciderRefusal = 'not-assigned' | 'signer-not-admin' | 'approver-is-author';

/**
 * Whether `signer` (their role as it is at the moment of signing, or, for a screen, as the session's account is now)
 * may decide on a record assigned to `approverId`.
 */
export function deciderRefusal(record: Authorship & { approverId: string }, signer: { id: string; role: Role }): DeciderRefusal | undefined {
  if (record.approverId !== signer.id) return 'not-assigned';
  if (signer.role !== 'ADMIN') return 'signer-not-admin';
  if (signer.id === record.createdBy || signer.id === record.lastEditedBy) return 'approver-is-author';
  return undefined;
}

/**
 * Who may sign the periodic review of an approved record (EU GMP Annex 11 §11): an ADMIN at the moment of
 * signing, never its creator or last editor. Not only the assigned approver: a review may fall years after the
 * approval, when that approver has left; any ADMIN who did not write the record may confirm it is still valid. The
 * assigned approver, while an ADMIN, is one of them.
 */
export function periodicReviewerRefusal(record: Authorship, signer: { id: string; role: Role }): Exclude<DeciderRefusal, 'not-assigned'> | undefined {
  if (signer.role !== 'ADMIN') return 'signer-not-admin';
  if (signer.id === record.createdBy || signer.id === record.lastEditedBy) return 'approver-is-author';
  return undefined;
}

/**
 * Whether `to` may take over a record awaiting a decision from its approver (an ADMIN's reassignment): not the
 * approver it has, not the ADMIN reassigning (four eyes: the one who moves the record does not take it), and one who
 * could decide on it: an active, trained ADMIN who neither created nor last edited it.
 */
export function reassignmentRefusal(record: Authorship & { approverId: string }, toId: string, to: ApproverFacts | undefined, actorUserId: string) {
  if (toId === record.approverId) return 'reassign-same-approver' as const;
  if (toId === actorUserId) return 'reassign-to-self' as const;
  const eligible =
    to !== undefined && to.role === 'ADMIN' && to.active && to.trained === true && to.id !== record.createdBy && to.id !== record.lastEditedBy;
  return eligible ? undefined : ('reassign-approver-not-eligible' as const);
}

/** Who takes a record: the approver chosen, or their delegate (`delegatedFrom` then names the one chosen). */
export interface RoutedApprover {
  approverId: string;
  delegatedFrom?: string;
}

/**
 * The delegate of an approver, as a command learns it: the UTC day it runs, and the facts of the delegate the
 * chosen approver's absence names (undefined when they are not absent that day, or the delegate is unknown).
 */
export interface ApproverRouting {
  today: string;
  delegate: ApproverFacts | undefined;
}

/**
 * Who takes a record submitted or reassigned to `chosen` (already found eligible): their delegate when `chosen` is
 * absent that day and the delegate is eligible for this record (`eligible`: the same policy as the choice it
 * replaces); otherwise `chosen`. One step only: a delegate's own delegate is never followed.
 */
export function routedApprover(chosen: ApproverFacts, routing: ApproverRouting | undefined, eligible: (delegate: ApproverFacts) => boolean): RoutedApprover {
  const absence = chosen.absence;
  const delegate = routing?.delegate;
  if (routing && isAbsentOn(absence, routing.today) && delegate && delegate.id === absence.delegateId && delegate.id !== chosen.id && eligible(delegate)) {
    return { approverId: delegate.id, delegatedFrom: chosen.id };
  }
  return { approverId: chosen.id };
}
