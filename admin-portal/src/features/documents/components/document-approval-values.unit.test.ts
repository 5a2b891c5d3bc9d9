import { ApproveDocumentsRequest, DOCUMENT_MESSAGES } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import {
  documentApprovalDefaults,
  documentApprovalReady,
  documentApprovalSchema,
  passwordMismatch,
  toApproveDocumentsRequest,
} from './document-approval-values';
import type { ApprovalVariant, Decision } from './document-approval-values';

const messages = (decision: Decision, variant: ApprovalVariant, input: unknown) => {
  const result = documentApprovalSchema(decision, variant).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const filled = { username: 'alma@example.com', password: 'pass phrase', confirmPassword: 'pass phrase', reason: '' };

describe('the document approval form (spec §5)', () => {
  it('when rejecting with nothing filled in, then every field says what it needs', () => {
    expect(messages('reject', 'view', documentApprovalDefaults)).toEqual([
      `username: ${DOCUMENT_MESSAGES.enterUsername}`,
      `password: ${DOCUMENT_MESSAGES.enterPassword}`,
      `confirmPassword: ${DOCUMENT_MESSAGES.enterConfirmPassword}`,
      `reason: ${DOCUMENT_MESSAGES.enterReason}`,
    ]);
    expect(messages('approve', 'view', documentApprovalDefaults)).not.toContain(`reason: ${DOCUMENT_MESSAGES.enterReason}`);
    expect(messages('reject', 'list', documentApprovalDefaults)).toContain(`reason: ${DOCUMENT_MESSAGES.enterReason}`);
  });

  it('when the confirmation differs, then the view says Password Mismatch and the list says nothing but is not ready', () => {
    const differing = { ...filled, confirmPassword: 'other' };
    expect(messages('approve', 'view', differing)).toEqual([`confirmPassword: ${DOCUMENT_MESSAGES.passwordMismatch}`]);
    expect(messages('approve', 'list', differing)).toEqual(['confirmPassword: ']);
    expect(passwordMismatch(differing)).toBe(true);
    expect(passwordMismatch({ ...filled, confirmPassword: '' })).toBe(false);
    expect(documentApprovalReady('approve', differing)).toBe(false);
    expect(documentApprovalReady('approve', filled)).toBe(true);
  });

  it('when the reason is longer than 255 characters, then it is refused, approving or rejecting', () => {
    const long = { ...filled, reason: 'x'.repeat(256) };
    expect(messages('reject', 'view', long)).toEqual([`reason: ${DOCUMENT_MESSAGES.reasonTooLong}`]);
    expect(messages('approve', 'view', long)).toEqual([`reason: ${DOCUMENT_MESSAGES.reasonTooLong}`]);
    expect(documentApprovalReady('reject', long)).toBe(false);
    expect(messages('reject', 'view', { ...filled, reason: 'x'.repeat(255) })).toEqual([]);
  });

  it('when rejecting from the list, then the submit waits for a reason', () => {
    expect(documentApprovalReady('reject', filled)).toBe(false);
    expect(documentApprovalReady('reject', { ...filled, reason: '  ' })).toBe(false);
    expect(documentApprovalReady('reject', { ...filled, reason: 'Wrong language' })).toBe(true);
  });

  it('when signed, then the view sends the reason as reason, the list as changeJustification, and the server takes both', () => {
    const values = documentApprovalSchema('reject', 'view').parse({ ...filled, reason: ' Wrong language ' });
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
    const approving = toApproveDocumentsRequest('approve', 'view', 'p-1', 'u-1', documentApprovalSchema('approve', 'view').parse(filled));
    expect(ApproveDocumentsRequest.parse(approving)).toMatchObject({ documentApproval: true, reason: '' });
  });
});
