import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ApproveDocumentsRequest } from '@ifu/contracts';
import { z } from 'zod';

export type Decision = 'approve' | 'reject';
/** Where the decision is signed: the Document Approve modal of the view, or the approval modal of the list (spec §5). */
export type ApprovalVariant = 'view' | 'list';

/** Spec §9: a reason is at most 255 characters. */
export const REASON_MAX = 255;
/** The fixed text sent as `changeDescription` of a decision (as the customer approval sends one). */
export const DOCUMENT_APPROVAL_DESCRIPTION = 'Document approval';

/**
 * The credentials of a decision (spec §5 'Document approval on view' and 'Approval from the list'): Username,
 * Password, Confirm Password, a reason of at most 255 characters that Reject needs. On the view a differing
 * confirmation says 'Password Mismatch' at once; on the list it is not said (the submit button stays hidden).
 */
export const documentApprovalSchema = (decision: Decision, variant: ApprovalVariant) =>
  z
    .object({
      username: z.string().trim().min(1, DOCUMENT_MESSAGES.enterUsername),
      password: z.string().min(1, DOCUMENT_MESSAGES.enterPassword),
      confirmPassword: z.string().min(1, DOCUMENT_MESSAGES.enterConfirmPassword),
      reason:
        decision === 'reject'
          ? z.string().trim().min(1, DOCUMENT_MESSAGES.enterReason).max(REASON_MAX, DOCUMENT_MESSAGES.reasonTooLong)
          : z.string().trim().max(REASON_MAX, DOCUMENT_MESSAGES.reasonTooLong),
    })
    .refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      // The list's form does not say it: its submit button simply stays hidden.
      message: variant === 'view' ? DOCUMENT_MESSAGES.passwordMismatch : '',
      when: ({ value }) => {
        const { password, confirmPassword } = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
        return typeof password === 'string' && typeof confirmPassword === 'string' && confirmPassword !== '';
      },
    });

export type DocumentApprovalInput = z.input<ReturnType<typeof documentApprovalSchema>>;
export type DocumentApprovalValues = z.output<ReturnType<typeof documentApprovalSchema>>;

export const documentApprovalDefaults: DocumentApprovalInput = { username: '', password: '', confirmPassword: '', reason: '' };

/** A confirmation has been typed and differs from the password. */
export const passwordMismatch = ({ password, confirmPassword }: Partial<DocumentApprovalInput>) =>
  Boolean(confirmPassword) && password !== confirmPassword;

/** Every field the decision needs holds something, and the confirmation equals the password (the list's submit shows). */
export const documentApprovalReady = (decision: Decision, values: Partial<DocumentApprovalInput>) =>
  Boolean(
    values.username?.trim() &&
      values.password &&
      values.confirmPassword === values.password &&
      (decision === 'approve' || values.reason?.trim()) &&
      (values.reason ?? '').trim().length <= REASON_MAX,
  );

/**
 * The body of POST /document/approveDocuments, signed by the logged-in approver. The view sends the reason as
 * `reason`; the list as `changeJustification` (spec §7.3).
 */
export const toApproveDocumentsRequest = (
  decision: Decision,
  variant: ApprovalVariant,
  parentChangeId: string,
  approverId: string,
  values: DocumentApprovalValues,
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
