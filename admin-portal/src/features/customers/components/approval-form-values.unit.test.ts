import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { approvalFormDefaults, approvalFormFilled, approvalFormSchema, passwordMismatch, toApprovalRequest } from './approval-form-values';

const messages = (decision: 'approve' | 'reject', input: unknown) => {
  const result = approvalFormSchema(decision).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the customer approval form', () => {
  it('when rejecting with nothing filled in, then every field says so', () => {
    expect(messages('reject', approvalFormDefaults)).toEqual([
      `username: ${CUSTOMER_MESSAGES.enterUsername}`,
      `password: ${CUSTOMER_MESSAGES.enterPassword}`,
      `confirmPassword: ${CUSTOMER_MESSAGES.enterConfirmPassword}`,
      `reason: ${CUSTOMER_MESSAGES.enterReason}`,
    ]);
    expect(messages('approve', approvalFormDefaults)).not.toContain(`reason: ${CUSTOMER_MESSAGES.enterReason}`);
  });

  it('when the confirmation differs, then Password Mismatch shows even before the username is typed', () => {
    expect(messages('approve', { ...approvalFormDefaults, password: 'secret one', confirmPassword: 'secret two' })).toEqual([
      `username: ${CUSTOMER_MESSAGES.enterUsername}`,
      `confirmPassword: ${CUSTOMER_MESSAGES.passwordMismatch}`,
    ]);
    expect(passwordMismatch({ password: 'a', confirmPassword: '' })).toBe(false);
    expect(passwordMismatch({ password: 'a', confirmPassword: 'b' })).toBe(true);
  });

  it('when the reason is longer than 255 characters, then it is refused', () => {
    const values = { username: 'a@example.com', password: 'p', confirmPassword: 'p', reason: 'x'.repeat(256) };
    expect(messages('reject', values)).toEqual([`reason: ${CUSTOMER_MESSAGES.reasonTooLong}`]);
  });

  it('when filled, then the request is signed by the approver with the fixed description; approving sends no reason', () => {
    const values = { username: 'alma@example.com', password: 'pw', confirmPassword: 'pw', reason: 'Left over' };
    expect(approvalFormFilled('approve', { ...values, reason: '' })).toBe(true);
    expect(approvalFormFilled('reject', { ...values, reason: ' ' })).toBe(false);
    expect(toApprovalRequest('approve', 'c-1', 'u-1', approvalFormSchema('approve').parse(values))).toEqual({
      customerId: 'c-1',
      customerApproverId: 'u-1',
      customerApproval: true,
      changeDescription: 'Customer approval',
      changeJustification: '',
      username: 'alma@example.com',
      password: 'pw',
    });
    expect(toApprovalRequest('reject', 'c-1', 'u-1', approvalFormSchema('reject').parse(values))).toMatchObject({
      customerApproval: false,
      changeJustification: 'Left over',
    });
  });
});
