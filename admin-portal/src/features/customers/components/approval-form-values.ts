import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { CustomerApprovalRequest } from '@ifu/contracts';
import { z } from 'zod';

export type Decision = 'approve' | 'reject';

/** The fixed text sent as `changeDescription` (spec §7.2: a fixed placeholder). */
export const CUSTOMER_APPROVAL_DESCRIPTION = 'Customer approval';
export const REASON_MAX = 255;

/** The credential form of the Customer Approve modal (spec §5): Reject also needs a reason. */
export const approvalFormSchema = (decision: Decision) =>
  z
    .object({
      username: z.string().trim().min(1, CUSTOMER_MESSAGES.enterUsername),
      password: z.string().min(1, CUSTOMER_MESSAGES.enterPassword),
      confirmPassword: z.string().min(1, CUSTOMER_MESSAGES.enterConfirmPassword),
      reason:
        decision === 'reject'
          ? z.string().trim().min(1, CUSTOMER_MESSAGES.enterReason).max(REASON_MAX, CUSTOMER_MESSAGES.reasonTooLong)
          : z.string(),
    })
    .refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: CUSTOMER_MESSAGES.passwordMismatch,
      // Checked even while another field is still missing.
      when: ({ value }) => {
        const { password, confirmPassword } = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
        return typeof password === 'string' && typeof confirmPassword === 'string' && confirmPassword !== '';
      },
    });

export type ApprovalFormInput = z.input<ReturnType<typeof approvalFormSchema>>;
export type ApprovalFormValues = z.output<ReturnType<typeof approvalFormSchema>>;

export const approvalFormDefaults: ApprovalFormInput = { username: '', password: '', confirmPassword: '', reason: '' };

/** 'Password Mismatch' as soon as a confirmation is typed that differs from the password. */
export const passwordMismatch = ({ password, confirmPassword }: Pick<ApprovalFormInput, 'password' | 'confirmPassword'>) =>
  confirmPassword !== '' && password !== confirmPassword;

/** Whether every field the decision needs has something in it. */
export const approvalFormFilled = (decision: Decision, values: Partial<ApprovalFormInput>) =>
  Boolean(values.username?.trim() && values.password && values.confirmPassword && (decision === 'approve' || values.reason?.trim()));

/** The body of POST /customer/approve/add, signed by the logged-in approver. */
export const toApprovalRequest = (
  decision: Decision,
  customerId: string,
  approverId: string,
  values: ApprovalFormValues,
): CustomerApprovalRequest => ({
  customerId,
  customerApproverId: approverId,
  customerApproval: decision === 'approve',
  changeDescription: CUSTOMER_APPROVAL_DESCRIPTION,
  changeJustification: decision === 'reject' ? values.reason : '',
  username: values.username,
  password: values.password,
});
