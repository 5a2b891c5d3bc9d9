import { ApproveDocumentsRequest, DOCUMENT_MESSAGES, REASON_MAX } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { passwordMismatch, signedFormErrors, signedFormFilled, signedFormValues } from '../../../components/ui/signed-form-rules';
import type { SignedValues } from '../../../components/ui/signed-form-rules';

import { documentApprovalRules, toApproveDocumentsRequest } from './document-approval-values';
import type { ApprovalVariant, Decision } from './document-approval-values';

const messages = (decision: Decision, variant: ApprovalVariant, input: SignedValues) =>
  signedFormErrors(documentApprovalRules(decision, variant), input).map(({ field, message }) => `${field}: ${message}`);

const empty: SignedValues = { username: '', password: '', confirmPassword: '', reason: '' };
const filled: SignedValues = { username: 'alma@example.com', password: 'pass phrase', confirmPassword: 'pass phrase', reason: '' };

describe('the document approval form (spec §5), from the contracts’ rules', () => {
  it('when rejecting with nothing filled in, then every field says what it needs', () => {
    expect(messages('reject', 'view', empty)).toEqual([
      `username: ${DOCUMENT_MESSAGES.enterUsername}`,
      `password: ${DOCUMENT_MESSAGES.enterPassword}`,
      `confirmPassword: ${DOCUMENT_MESSAGES.enterConfirmPassword}`,
      `reason: ${DOCUMENT_MESSAGES.enterReason}`,
    ]);
    expect(messages('approve', 'view', empty)).not.toContain(`reason: ${DOCUMENT_MESSAGES.enterReason}`);
    expect(messages('reject', 'list', empty)).toContain(`reason: ${DOCUMENT_MESSAGES.enterReason}`);
  });

  it('when the confirmation differs, then both the view and the list say Password Mismatch', () => {
    const differing = { ...filled, confirmPassword: 'other' };
    expect(messages('approve', 'view', differing)).toEqual([`confirmPassword: ${DOCUMENT_MESSAGES.passwordMismatch}`]);
    expect(messages('approve', 'list', differing)).toEqual([`confirmPassword: ${DOCUMENT_MESSAGES.passwordMismatch}`]);
    expect(passwordMismatch(differing)).toBe(true);
    expect(passwordMismatch({ ...filled, confirmPassword: '' })).toBe(false);
  });

  it('when the reason is longer than the contract’s REASON_MAX, then it is refused, approving or rejecting', () => {
    const long = { ...filled, reason: 'x'.repeat(REASON_MAX + 1) };
    expect(messages('reject', 'view', long)).toEqual([`reason: ${DOCUMENT_MESSAGES.reasonTooLong}`]);
    expect(messages('approve', 'view', long)).toEqual([`reason: ${DOCUMENT_MESSAGES.reasonTooLong}`]);
    expect(messages('reject', 'view', { ...filled, reason: 'x'.repeat(REASON_MAX) })).toEqual([]);
  });

  it('when rejecting from the list, then the submit waits for a reason', () => {
    const rules = documentApprovalRules('reject', 'list');
    expect(rules.submitWhenReady).toBe(true);
    expect(signedFormFilled(rules, filled)).toBe(false);
    expect(signedFormFilled(rules, { ...filled, reason: '  ' })).toBe(false);
    expect(signedFormFilled(rules, { ...filled, reason: 'Wrong language' })).toBe(true);
  });

  it('when signed, then the view sends the reason as reason, the list as changeJustification, and the server takes both', () => {
    const values = signedFormValues(documentApprovalRules('reject', 'view'), { ...filled, reason: ' Wrong language ' })!;
    const fromView = toApproveDocumentsRequest('reject', 'view', 'p-1', 'u-1', values);
    expect(fromView).toEqual({
      parentChangeId: 'p-1',
      approverId: 'u-1',
      documentApproval: false,
      changeDescription: 'Document approval',
      reason: 'Wrong language',
      username: 'alma@example.com',
      password: 'pass phrase',
      confirmPassword: 'pass phrase',
    });
    const fromList = toApproveDocumentsRequest('reject', 'list', 'p-1', 'u-1', values);
    expect(fromList).toMatchObject({ changeJustification: 'Wrong language' });
    expect(fromList).not.toHaveProperty('reason');
    expect(ApproveDocumentsRequest.parse(fromView).reason).toBe('Wrong language');
    expect(ApproveDocumentsRequest.parse(fromList).reason).toBe('Wrong language');
    const approving = toApproveDocumentsRequest('approve', 'view', 'p-1', 'u-1', filled);
    expect(ApproveDocumentsRequest.parse(approving)).toMatchObject({ documentApproval: true, reason: '' });
  });
});
