import type { ApproveDocumentsRequest } from '@ifu/contracts';

import type { SignedFormRules, SignedValues } from '@/components/ui/signed-form-rules';

export type Decision = 'approve' | 'reject';
/** Where the decision is signed: the Document Approve modal of the view, or the approval modal of the list (spec §5). */
export type ApprovalVariant = 'view' | 'list';

/** The fixed text sent as `changeDescription` of a decision (as the customer approval sends one). */
export const DOCUMENT_APPROVAL_DESCRIPTION = 'Document approval';

/**
 * What a decision's form asks for (spec §5 'Document approval on view' and 'Approval from the list'): Username,
 * Password, Confirm Password ('Password Mismatch' said next to it on both), and a Reason that Reject needs (the view
 * shows it for Approve too, optional). On the list the submit button appears only once every field is filled and
 * nothing is wrong. The limits are the contract's (`reasonText`, `REASON_MAX`).
 */
export const documentApprovalRules = (decision: Decision, variant: ApprovalVariant): SignedFormRules => ({
  signature: 'sign-and-confirm',
  ...(variant === 'view' || decision === 'reject' ? { reason: { required: decision === 'reject' } } : {}),
  submitWhenReady: variant === 'list',
});

/**
 * The body of POST /document/approveDocuments, signed by the logged-in approver. The view sends the reason as
 * `reason`; the list as `changeJustification` (spec §7.3).
 */
export const toApproveDocumentsRequest = (
  decision: Decision,
  variant: ApprovalVariant,
  parentChangeId: string,
  approverId: string,
  values: SignedValues,
): ApproveDocumentsRequest => ({
  parentChangeId,
  approverId,
  documentApproval: decision === 'approve',
  changeDescription: DOCUMENT_APPROVAL_DESCRIPTION,
  ...(variant === 'view' ? { reason: values.reason } : { changeJustification: values.reason }),
  username: values.username,
  password: values.password,
  confirmPassword: values.confirmPassword,
});
