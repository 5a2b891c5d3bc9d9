import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';
import { isPasswordActive, isPasswordExpired } from '../../auth';
import { passwordPolicyViolations } from './password-policy';

/** The first rule broken, as the refusal's message begins. */
const passwordPolicyViolation = async (password: string, email: string) => (await passwordPolicyViolations(password, email))[0];
import { StrengthEstimator } from './password-strength';

describe('password policy', () => {
  it('when a password breaks several rules, then every one is said, not only the first', async () => {
    expect(await passwordPolicyViolations('monkey', 'a@example.com')).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.tooCommon, PASSWORD_MESSAGES.tooGuessable]);
    expect(await passwordPolicyViolations('jane.doe', 'jane.doe@example.com')).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.sameAsEmail, PASSWORD_MESSAGES.tooGuessable]);
    expect(await passwordPolicyViolations('   ', 'a@example.com')).toEqual([PASSWORD_MESSAGES.blank, PASSWORD_MESSAGES.tooShort]);
    expect(await passwordPolicyViolations('a long and unusual passphrase 42', 'a@example.com')).toEqual([]);
  });

  it('when a password has fewer than 12 characters, then it is refused as too short', async () => {
    expect(await passwordPolicyViolation('elevenchars', 'a@example.com')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await passwordPolicyViolation('twelve chars', 'a@example.com')).toBeUndefined();
  });

  it('when a password is the email address or its local part, then it is refused', async () => {
    expect(await passwordPolicyViolation('Jane.Doe.Approver@Example.com', 'jane.doe.approver@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(await passwordPolicyViolation('jane.doe.approver', 'jane.doe.approver@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
  });

  it('when a password is on the common list (any case), then it is refused', async () => {
    expect(await passwordPolicyViolation('1qaz2wsx3edc', 'a@example.com')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(await passwordPolicyViolation('1QAZ2WSX3EDC', 'a@example.com')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(await passwordPolicyViolation('correct horse battery staple', 'a@example.com')).toBeUndefined();
  });

  it('when a password is blank or only spaces, then it is refused, whatever its length', async () => {
    expect(await passwordPolicyViolation(' '.repeat(12), 'a@example.com')).toBe(PASSWORD_MESSAGES.blank);
    expect(await passwordPolicyViolation('\t \t \t \t \t \t ', 'a@example.com')).toBe(PASSWORD_MESSAGES.blank);
  });

  it('when the estimator finds a long password easy to guess, then it is refused; an unusual phrase passes', async () => {
    for (const weak of ['zzzzzzzzzzzzz', 'abcabcabcabc', 'Password2024!', 'monkeymonkey1']) {
      expect(await passwordPolicyViolation(weak, 'jane.doe@example.com'), weak).toBe(PASSWORD_MESSAGES.tooGuessable);
    }
    expect(await passwordPolicyViolation('a long and unusual passphrase 42', 'a@example.com')).toBeUndefined();
  });

  it('when a password is longer than 128 characters, then it is refused as too long before any estimate', async () => {
    expect(await passwordPolicyViolation('a'.repeat(129), 'a@example.com')).toBe(PASSWORD_MESSAGES.tooLong);
    expect(await passwordPolicyViolation(`${'violet tractor mumbles ferns '.repeat(5)}`.slice(0, 128), 'a@example.com')).toBeUndefined();
  });

  it('when an estimate outlasts its deadline, then it is answered as timed out and the next estimate still works', async () => {
    const estimator = new StrengthEstimator(1);
    try {
      // A repeated phrase of l33t characters is the estimator's slowest kind of input (seconds with its defaults).
      expect(await estimator.estimate('aB3$'.repeat(32), [])).toEqual({ timedOut: true });
      const patient = new StrengthEstimator(10_000);
      try {
        expect(await patient.estimate('a long and unusual passphrase 42', [])).toEqual({ score: 4 });
      } finally {
        await patient.close();
      }
    } finally {
      await estimator.close();
    }
  });

  it('when the worker starts cold, then its start does not count toward the deadline (a busy machine refused every password)', { timeout: 40_000 }, async () => {
    // On a loaded machine loading the dictionaries takes longer than this deadline (it did, before, and every password
    // set through the API was refused); an estimate of an ordinary phrase does not.
    const estimator = new StrengthEstimator(1_000);
    try {
      expect(await estimator.estimate('a long and unusual passphrase 42', [])).toEqual({ score: 4 });
    } finally {
      await estimator.close();
    }
  });

  it('when the estimate runs, then the request thread keeps turning: it runs in a worker', async () => {
    const estimator = new StrengthEstimator(10_000);
    try {
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      await estimator.estimate('aB3$'.repeat(32), []);
      clearInterval(ticker);
      expect(ticks).toBeGreaterThan(0);
    } finally {
      await estimator.close();
    }
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
