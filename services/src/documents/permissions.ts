import type { DocumentStatus, Role } from '@ifu/contracts';
import { type Authorship, periodicReviewerRefusal } from '../auth';
import { authoringRefusal, type ChangeOrderState, deciderCode } from './change-order';

/**
 * Who may do what with a change order now: each use case's decision refuses by these, and the screens ask the same
 * questions of the view (`mayDecide`, `mayDecideAccessibility`, `mayRevise`, `periodicReview.mayComplete` and
 * `maySetDate`), so that a button is offered exactly when the decision would take it.
 */

/**
 * Whether `viewer` may approve or reject this change order now: what the view's `mayDecide` and the list's rows answer,
 * by the rules the decision applies (the files to open aside: the view names those in `unopened`).
 */
export function mayDecide(
  record: Authorship & { active: boolean; status: DocumentStatus; approverId: string },
  viewer: { id: string; role: Role },
): boolean {
  return authoringRefusal({ exists: true, ...record }) === undefined && deciderCode(record, viewer) === undefined;
}

/**
 * Whether `viewer` is the change order's assigned approver who may not decide on it only because they created or last
 * edited it (`approver-is-author`): the view tells them so, and that an ADMIN reassigns it.
 */
export function approverIsAuthor(
  record: Authorship & { active: boolean; status: DocumentStatus; approverId: string },
  viewer: { id: string; role: Role },
): boolean {
  return authoringRefusal({ exists: true, ...record }) === undefined && deciderCode(record, viewer) === 'approver-is-author';
}

/** Whether `viewer` may reassign the change order to another approver now: an ADMIN, while it awaits its decision. */
export function mayReassign(record: { active: boolean; status: DocumentStatus }, viewer: { role: Role }): boolean {
  return authoringRefusal({ exists: true, ...record }) === undefined && viewer.role === 'ADMIN';
}

/**
 * Who may switch a change order Online or Offline now (spec §4): an ADMIN (their role now), once it is decided; while
 * it awaits approval its accessibility is changed by editing it. The view's `maySwitchAccessibility`.
 */
export function accessibilitySwitchRefusal(state: Pick<ChangeOrderState, 'exists' | 'active' | 'status'>, actor: { role: Role }) {
  if (!state.exists || !state.active) return 'document-not-found' as const;
  if (actor.role !== 'ADMIN') return 'admin-only' as const;
  if (state.status === 'REQUIRE_APPROVAL') return 'document-undecided' as const;
  return undefined;
}

/**
 * Who may sign or reject a pending Online/Offline change: the approver policy (the assigned approver, an
 * ADMIN now, not an author) with the requester counted as the change's author. The view's `mayDecideAccessibility`.
 */
export function accessibilityDecisionRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'createdBy' | 'pendingAccessibility'> & { approverId: string },
  signer: { id: string; role: Role },
) {
  if (!state.exists || !state.active) return 'document-not-found' as const;
  if (!state.pendingAccessibility) return 'accessibility-not-pending' as const;
  if (signer.id === state.pendingAccessibility.requestedBy) return 'accessibility-requester-decides' as const;
  return deciderCode({ createdBy: state.createdBy, lastEditedBy: state.pendingAccessibility.requestedBy, approverId: state.approverId }, signer);
}

/**
 * Who may revise a rejected change order and when: only while it is rejected and active, only its author
 * (the creator; an ADMIN's role gives no authority over another's document), and once (a second revision is refused
 * while the first stands). The screens ask the same question (`mayRevise`).
 */
export function revisionRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy' | 'revisedBy' | 'revisionAfterReview'>,
  actorUserId: string,
  earlierRevisionStands: boolean,
) {
  if (!state.exists || !state.active) return { code: 'document-not-found' as const };
  // An approved change order whose periodic review concluded 'revise' is revised like a rejected one; it
  // stays approved (and public) until its revision is approved.
  if (state.status !== 'REJECTED' && !(state.status === 'APPROVED' && state.revisionAfterReview)) return { code: 'revise-not-rejected' as const };
  if (state.createdBy !== actorUserId) return { code: 'revise-not-author' as const };
  if (state.revisedBy && earlierRevisionStands) return { code: 'already-revised' as const, documentId: state.revisedBy.documentId };
  return undefined;
}

/** The periodic review applies to an active, approved change order. */
export function reviewRefusal(state: Pick<ChangeOrderState, 'exists' | 'active' | 'status'>) {
  if (!state.exists || !state.active) return 'document-not-found' as const;
  if (state.status !== 'APPROVED') return 'review-not-approved' as const;
  return undefined;
}

/**
 * Who may move the review date: the change order's author (its creator) or an ADMIN (their role now), on an
 * active approved change order. The view's `maySetDate`.
 */
export function reviewDateRefusal(state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy'>, actor: { id: string; role: Role }) {
  const refusal = reviewRefusal(state);
  if (refusal) return refusal;
  if (actor.id !== state.createdBy && actor.role !== 'ADMIN') return 'review-date-not-allowed' as const;
  return undefined;
}

/**
 * Who may sign the periodic review (`auth/approver-policy.ts`): an active ADMIN now, neither the change
 * order's creator nor its last editor, on an approved active change order whose review has not already concluded
 * 'revise'. The view's `mayComplete`.
 */
export function periodicReviewRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy' | 'lastEditedBy' | 'revisionAfterReview'>,
  signer: { id: string; role: Role },
) {
  const refusal = reviewRefusal(state);
  if (refusal) return refusal;
  const reviewer = periodicReviewerRefusal(state, signer);
  if (reviewer) return reviewer === 'signer-not-admin' ? ('reviewer-not-admin' as const) : ('reviewer-is-author' as const);
  if (state.revisionAfterReview) return 'review-revision-open' as const;
  return undefined;
}
