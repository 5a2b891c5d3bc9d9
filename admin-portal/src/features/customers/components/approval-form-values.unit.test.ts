import { CUSTOMER_MESSAGES, CustomerApprovalRequest, REASON_MAX } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { passwordMismatch, signedFormErrors, signedFormFilled } from '../../../components/ui/signed-form-rules';
import type { SignedValues } from '../../../components/ui/signed-form-rules';

import { approvalRules, toApprovalRequest } from './approval-form-values';

const messages = (decision: 'approve' | 'reject', input: SignedValues) =>
  signedFormErrors(approvalRules(decision), input).map(({ field, message }) => `${field}: ${message}`);
const empty: SignedValues = { username: '', password: '', confirmPassword: '', reason: '' };

describe('the customer approval form, from the contracts’ rules', () => {
  it('when rejecting with nothing filled in, then every field says so', () => {
    expect(messages('reject', empty)).toEqual([
      `username: ${CUSTOMER_MESSAGES.enterUsername}`,
      `password: ${CUSTOMER_MESSAGES.enterPassword}`,
      `confirmPassword: ${CUSTOMER_MESSAGES.enterConfirmPassword}`,
      `reason: ${CUSTOMER_MESSAGES.enterReason}`,
    ]);
    expect(messages('approve', empty)).not.toContain(`reason: ${CUSTOMER_MESSAGES.enterReason}`);
  });

  it('when the confirmation differs, then Password Mismatch shows even before the username is typed', () => {
    expect(messages('approve', { ...empty, password: 'secret one', confirmPassword: 'secret two' })).toEqual([
      `username: ${CUSTOMER_MESSAGES.enterUsername}`,
      `confirmPassword: ${CUSTOMER_MESSAGES.passwordMismatch}`,
    ]);
    expect(passwordMismatch({ password: 'a', confirmPassword: '' })).toBe(false);
    expect(passwordMismatch({ password: 'a', confirmPassword: 'b' })).toBe(true);
  });

  it('when the reason is longer than the contract’s REASON_MAX, then it is refused', () => {
    const values = { username: 'a@example.com', password: 'p', confirmPassword: 'p', reason: 'x'.repeat(REASON_MAX + 1) };
    expect(messages('reject', values)).toEqual([`reason: ${CUSTOMER_MESSAGES.reasonTooLong}`]);
  });

  it('when filled, then the request is signed by the approver with the fixed description; approving sends no reason', () => {
    const values = { username: 'alma@example.com', password: 'pw', confirmPassword: 'pw', reason: 'Left over' };
    expect(signedFormFilled(approvalRules('approve'), { ...values, reason: '' })).toBe(true);
    expect(signedFormFilled(approvalRules('reject'), { ...values, reason: ' ' })).toBe(false);
    expect(toApprovalRequest('approve', 'c-1', 'u-1', values)).toEqual({
      customerId: 'c-1',
      customerApproverId: 'u-1',
      customerApproval: true,
      changeDescription: 'Customer approval',
      changeJustification: '',
      username: 'alma@example.com',
      password: 'pw',
    });
    const rejecting = toApprovalRequest('reject', 'c-1', 'u-1', values);
    expect(rejecting).toMatchObject({ customerApproval: false, changeJustification: 'Left over' });
    expect(CustomerApprovalRequest.safeParse(rejecting).success).toBe(true);
  });
});
