import type { CustomerDetails, CustomerEvent, CustomerFieldChange, Role, Signature } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { customerDeciderOf, type CustomerState, detailsAsRecorded } from '../customer';
import { decisionRefusal } from '../permissions';

export interface DecideApproval {
  type: 'DecideApproval';
  approve: boolean;
  /** The approver id the request names (spec §7.2 customerApproverId): it must be the signer. */
  approverIdGiven: string;
  /** The logged-in signer's own verified signature. */
  signature: Signature;
  /** The signer's role at the moment of signing: deciding needs an active ADMIN (a demoted approver decides nothing). */
  signerRole: Role;
  reason: string;
  changeDescription: string;
  now: Date;
}

/** The fields of the pending change, each with its approved value and the value waiting (the logo by its SHA-256). */
export function pendingChanges(state: Pick<CustomerState, keyof CustomerDetails | 'logo' | 'pending'>): CustomerFieldChange[] {
  const { pending } = state;
  if (!pending) return [];
  return pending.changed.map((field) =>
    field === 'customerLogo'
      ? { field, from: state.logo?.sha256 ?? '', to: pending.logo?.sha256 ?? '' }
      : { field, from: state[field], to: pending.details[field] ?? state[field] },
  );
}

/** The approver's signed decision, carried by the event: on the customer, or on the change pending to an approved one. */
function decideApproval(state: CustomerState, command: DecideApproval): Decision<CustomerEvent> {
  const signerId = command.signature.signerId;
  const refusal =
    decisionRefusal({ ...state, pendingApproverId: state.pending?.details.approverId ?? null }, { id: signerId, role: command.signerRole }) ??
    (command.approverIdGiven === signerId ? undefined : 'not-the-approver');
  if (refusal) return { events: [], rejection: { code: refusal } };
  const common = {
    customerId: state.customerId,
    customerName: state.customerName,
    changeDescription: command.changeDescription,
    signature: command.signature,
  };
  if (state.pending) {
    const changes = pendingChanges(state);
    const { logo } = state.pending;
    return {
      events: [
        command.approve
          ? {
              type: 'CustomerChangeApproved',
              data: {
                ...common,
                customerName: state.pending.details.customerName,
                details: detailsAsRecorded(state.pending.details, state),
                ...(logo ? { logo } : {}),
                changes,
                approvedDate: command.now.toISOString(),
              },
            }
          : { type: 'CustomerChangeRejected', data: { ...common, changes, reason: command.reason } },
      ],
    };
  }
  return {
    events: [
      command.approve
        ? { type: 'CustomerApproved', data: { ...common, approvedDate: command.now.toISOString() } }
        : { type: 'CustomerRejected', data: { ...common, reason: command.reason } },
    ],
  };
}

/** The approver's signed decision on a customer awaiting it, or on the change pending to an approved one (spec §4). */
export const approvalDecider = customerDeciderOf<DecideApproval>((command, state) => decideApproval(state, command));
