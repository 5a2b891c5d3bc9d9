import type { DocumentEvent, Role, Signature } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ApproverFacts, type ApproverRouting, reassignmentRefusal, routedApprover } from '../../auth';
import { authoringRefusal, type ChangeOrderState, changeOrderDeciderOf, refused } from '../change-order';

/**
 * An ADMIN's signed reassignment (meaning `reassignment`) of a change order awaiting its decision to another approver:
 * the way out when its approver cannot decide (absent, gone, or they edited it and so became its last editor). The
 * approver policy is unchanged: the new approver is one who could decide on it (`reassignmentRefusal`).
 */
export interface ReassignApprover {
  type: 'ReassignApprover';
  /** The approver the ADMIN chose, by id, and their facts as their own stream has them (undefined: no such user). */
  approverId: string;
  to: ApproverFacts | undefined;
  /** The day and the chosen approver's delegate, when they are absent that day: the delegate may take it instead. */
  routing?: ApproverRouting;
  reason: string;
  signature: Signature;
  /** The signer's role at the moment of signing: only an ADMIN reassigns. */
  signerRole: Role;
}

function decideReassignment(state: ChangeOrderState, command: ReassignApprover): Decision<DocumentEvent> {
  const waiting = authoringRefusal(state);
  if (waiting === 'document-not-found') return refused(waiting);
  if (command.signerRole !== 'ADMIN') return refused('admin-only');
  if (waiting) return refused('reassign-not-waiting');
  const actorUserId = command.signature.signerId;
  const record = { createdBy: state.createdBy, lastEditedBy: state.lastEditedBy, approverId: state.details!.approverId };
  const refusal = reassignmentRefusal(record, command.approverId, command.to, actorUserId);
  if (refusal) return refused(refusal);
  // The approver chosen is absent today: their delegate takes it, if they too could take it over.
  const routed = routedApprover(command.to!, command.routing, (delegate) => reassignmentRefusal(record, delegate.id, delegate, actorUserId) === undefined);
  return {
    events: [
      {
        type: 'ChangeOrderApproverReassigned',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          from: record.approverId,
          to: routed.approverId,
          reason: command.reason,
          reassignedBy: actorUserId,
          signature: command.signature,
          ...(routed.delegatedFrom ? { delegatedFrom: routed.delegatedFrom } : {}),
        },
      },
    ],
  };
}

/** The reassignment of a change order awaiting its decision. */
export const reassignmentDecider = changeOrderDeciderOf<ReassignApprover>((command, state) => decideReassignment(state, command));
