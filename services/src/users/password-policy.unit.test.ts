import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';
import { isPasswordActive, isPasswordExpired, passwordPolicyViolation } from './password-policy';

describe('password policy', () => {
  it('when a password has fewer than 12 characters, then it is refused as too short', () => {
    expect(passwordPolicyViolation('elevenchars', 'a@example.com')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordPolicyViolation('twelve chars', 'a@example.com')).toBeUndefined();
  });

  it('when a password is the email address or its local part, then it is refused', () => {
    expect(passwordPolicyViolation('Jane.Doe.Approver@Example.com', 'jane.doe.approver@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(passwordPolicyViolation('jane.doe.approver', 'jane.doe.approver@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
  });

  it('when a password is on the common list (any case), then it is refused', () => {
    expect(passwordPolicyViolation('1qaz2wsx3edc', 'a@example.com')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordPolicyViolation('1QAZ2WSX3EDC', 'a@example.com')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordPolicyViolation('correct horse battery staple', 'a@example.com')).toBeUndefined();
  });

  it('when a password is blank or only spaces, then it is refused, whatever its length (issue 8, finding 9)', () => {
    expect(passwordPolicyViolation(' '.repeat(12), 'a@example.com')).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordPolicyViolation('\t \t \t \t \t \t ', 'a@example.com')).toBe(PASSWORD_MESSAGES.blank);
  });

  it('when the estimator finds a long password easy to guess, then it is refused; an unusual phrase passes', () => {
    for (const weak of ['zzzzzzzzzzzzz', 'abcabcabcabc', 'Password2024!', 'monkeymonkey1']) {
      expect(passwordPolicyViolation(weak, 'jane.doe@example.com'), weak).toBe(PASSWORD_MESSAGES.tooGuessable);
    }
    expect(passwordPolicyViolation('a long and unusual passphrase 42', 'a@example.com')).toBeUndefined();
  });

  it('when the shipped list is read, then it holds at least 1,000 passwords', () => {
    const lines = readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(1000);
  });

  it('when a password is 90 days old, then it is no longer active and counts as expired; never set is not expired', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    expect(isPasswordActive(daysAgo(89), now)).toBe(true);
    expect(isPasswordActive(daysAgo(90), now)).toBe(false);
    expect(isPasswordExpired(daysAgo(90), now)).toBe(true);
    expect(isPasswordExpired(null, now)).toBe(false);
    expect(isPasswordActive(null, now)).toBe(false);
  });
});
