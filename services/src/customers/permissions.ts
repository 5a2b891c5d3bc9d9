import type { Role } from '@ifu/contracts';
import { type Authorship, deciderRefusal } from '../auth';
import type { CustomerState } from './customer';

/**
 * The rule of spec §4: only the customer's approver decides (by the approver policy: an ADMIN now, neither its creator
 * nor its last editor), and only while it is not APPROVED, or while a change to it is pending; a pending
 * change is decided by the approver it names. The decider applies it; the screens ask it too (a customer view's
 * `canDecide`, with the authors the read model knows), so it is written once.
 */
export function decisionRefusal(
  customer: Pick<CustomerState, 'exists' | 'approverId' | 'status'> & Partial<Authorship> & { pendingApproverId?: string | null },
  signer: { id: string; role: Role },
) {
  if (!customer.exists) return 'customer-not-found' as const;
  const pending = customer.pendingApproverId !== undefined && customer.pendingApproverId !== null;
  const approverId = pending ? customer.pendingApproverId! : customer.approverId;
  if (approverId !== signer.id) return 'not-the-approver' as const;
  if (customer.status === 'APPROVED' && !pending) return 'already-approved' as const;
  const refusal = deciderRefusal({ createdBy: null, lastEditedBy: null, ...customer, approverId }, signer);
  return refusal === 'not-assigned' ? ('not-the-approver' as const) : refusal;
}

/** Whether the customer awaits a decision: awaiting approval, or a change to it pending (what a reassignment moves). */
export const awaitsDecision = (customer: { status: string; pendingApproverId?: string | null }) =>
  customer.status === 'REQUIRE_APPROVAL' || (customer.pendingApproverId !== undefined && customer.pendingApproverId !== null);
