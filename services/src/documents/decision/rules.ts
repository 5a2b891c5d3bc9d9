import type { DocumentEvent, Role, Signature } from '@ifu/contracts';
import { defaultReviewDate, reviewDateAllowed } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { authoringRefusal, type ChangeOrderState, changeOrderDeciderOf, deciderCode, filesToOpen, refused } from '../change-order';

/**
 * The assigned approver's signed decision. `opened` holds what the signer has opened through the download call, as
 * `fileId:sha256` (a file changed since it was opened counts as unopened); every supporting file and every active
 * child's file must be in it.
 */
export interface DecideChangeOrder {
  type: 'DecideChangeOrder';
  approve: boolean;
  /** The approver id the request names, when it names one (spec §7.3 approverId): it must be the signer. */
  approverIdGiven?: string;
  signature: Signature;
  signerRole: Role;
  reason: string;
  opened: ReadonlySet<string>;
  now: Date;
  /** The first periodic review date the approver chose (`YYYY-MM-DD`); by default 12 months after today. */
  reviewDate?: string;
}

function decideDecision(state: ChangeOrderState, command: DecideChangeOrder): Decision<DocumentEvent> {
  const refusal = authoringRefusal(state);
  if (refusal) return refused(refusal);
  const signerId = command.signature.signerId;
  if (command.approverIdGiven !== undefined && command.approverIdGiven !== signerId) return refused('not-the-document-approver');
  const decider = deciderCode({ ...state, approverId: state.details!.approverId }, { id: signerId, role: command.signerRole });
  if (decider) return refused(decider);
  const unopened = filesToOpen(state, command.opened);
  if (unopened.length > 0) return { events: [], rejection: { code: 'files-not-opened', unopened } };
  const today = command.now.toISOString().slice(0, 10);
  if (command.approve && command.reviewDate !== undefined && !reviewDateAllowed(command.reviewDate, today)) return refused('review-date-out-of-range');
  const signed = { parentChangeId: state.parentChangeId, documentId: state.documentId, signature: command.signature, comments: '' };
  const reviewDate = command.reviewDate ?? defaultReviewDate(today);
  return {
    events: [
      command.approve
        ? {
            type: 'ChangeOrderApproved',
            data: { ...signed, approvedDate: command.now.toISOString(), ...(command.reason ? { reason: command.reason } : {}), reviewDate },
          }
        : { type: 'ChangeOrderRejected', data: { ...signed, reason: command.reason } },
    ],
  };
}

/** The assigned approver's signed decision on a change order awaiting it (spec §4). */
export const decisionDecider = changeOrderDeciderOf<DecideChangeOrder>((command, state) => decideDecision(state, command));
