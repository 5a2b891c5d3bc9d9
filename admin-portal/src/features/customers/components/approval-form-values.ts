import type { CustomerApprovalRequest } from '@ifu/contracts';

import type { SignedFormRules, SignedValues } from '@/components/ui/signed-form-rules';

export type Decision = 'approve' | 'reject';

/** The fixed text sent as `changeDescription` (spec §7.2: a fixed placeholder). */
export const CUSTOMER_APPROVAL_DESCRIPTION = 'Customer approval';

/**
 * The credential form of the Customer Approve modal (spec §2.4, §5): Username, Password, Confirm Password ('Password
 * Mismatch'), and for Reject a Reason (at most the contract's REASON_MAX); the submit button appears once every field
 * is filled and nothing is wrong.
 */
export const approvalRules = (decision: Decision): SignedFormRules => ({
  signature: 'sign-and-confirm',
  ...(decision === 'reject' ? { reason: { required: true } } : {}),
  submitWhenReady: true,
});

/** The body of POST /customer/approve/add, signed by the logged-in approver. */
export const toApprovalRequest = (
  decision: Decision,
  customerId: string,
  approverId: string,
  values: SignedValues,
): CustomerApprovalRequest => ({
  customerId,
  customerApproverId: approverId,
  customerApproval: decision === 'approve',
  changeDescription: CUSTOMER_APPROVAL_DESCRIPTION,
  changeJustification: decision === 'reject' ? values.reason : '',
  username: values.username,
  password: values.password,
});
