import type { CustomerEvent, Role, Signature } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ApproverFacts, type ApproverRouting, reassignmentRefusal, routedApprover } from '../../auth';
import { customerDeciderOf, type CustomerState } from '../customer';
import { awaitsDecision } from '../permissions';

/**
 * An ADMIN's signed reassignment (meaning `reassignment`) of a customer awaiting a decision to another approver: a
 * customer awaiting approval, or the change pending to an approved one (its proposed approver is replaced). The way
 * out when its approver cannot decide (absent, gone, or they edited it and so became its last editor); the approver
 * policy is unchanged (`reassignmentRefusal`).
 */
export interface ReassignCustomerApprover {
  type: 'ReassignCustomerApprover';
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

function decideReassignment(state: CustomerState, command: ReassignCustomerApprover): Decision<CustomerEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'customer-not-found' } };
  if (command.signerRole !== 'ADMIN') return { events: [], rejection: { code: 'admin-only' } };
  // Waiting: awaiting approval, or a change to the approved customer awaiting it (a rejected customer waits for an edit).
  const pendingChange = state.pending !== null;
  if (!awaitsDecision({ status: state.status, pendingApproverId: state.pending?.details.approverId ?? null })) {
    return { events: [], rejection: { code: 'reassign-not-waiting' } };
  }
  const actorUserId = command.signature.signerId;
  const record = { createdBy: state.createdBy, lastEditedBy: state.lastEditedBy, approverId: state.pending?.details.approverId ?? state.approverId };
  const refusal = reassignmentRefusal(record, command.approverId, command.to, actorUserId);
  if (refusal) return { events: [], rejection: { code: refusal } };
  // The approver chosen is absent today: their delegate takes it, if they too could take it over.
  const routed = routedApprover(command.to!, command.routing, (delegate) => reassignmentRefusal(record, delegate.id, delegate, actorUserId) === undefined);
  return {
    events: [
      {
        type: 'CustomerApproverReassigned',
        data: {
          customerId: state.customerId,
          customerName: state.customerName,
          from: record.approverId,
          to: routed.approverId,
          reason: command.reason,
          reassignedBy: actorUserId,
          signature: command.signature,
          ...(pendingChange ? { pendingChange: true } : {}),
          ...(routed.delegatedFrom ? { delegatedFrom: routed.delegatedFrom } : {}),
        },
      },
    ],
  };
}

/** The reassignment of a customer, or of the change pending to it, awaiting a decision. */
export const customerReassignmentDecider = customerDeciderOf<ReassignCustomerApprover>((command, state) => decideReassignment(state, command));
