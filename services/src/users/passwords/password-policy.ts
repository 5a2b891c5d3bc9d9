import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@ifu/contracts';
import { StrengthEstimator } from './password-strength';



let commonPasswords: Set<string> | undefined;

/** The shipped list of common passwords (see data/README.md), loaded once. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

/** zxcvbn's score (0 to 4) a password needs: 3 is "safely unguessable" against an offline attack on a slow hash. */
export const MIN_STRENGTH_SCORE = 3;

let estimator: StrengthEstimator | undefined;

/**
 * The password rule of architecture §6: every rule the password breaks, each as the message to show (none: it is
 * fine), so that the person fixes them all at once rather than one per attempt. The cheap rules first; the strength
 * estimate last, in a worker thread with a deadline (password-strength.ts), on a password the contract already bounded
 * to PASSWORD_MAX_LENGTH; a password too long or only spaces is not estimated.
 */
export async function passwordPolicyViolations(password: string, email: string): Promise<string[]> {
  const broken: string[] = [];
  const blank = password.trim() === '';
  if (blank) broken.push(PASSWORD_MESSAGES.blank);
  if (password.length < PASSWORD_MIN_LENGTH) broken.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) return [...broken, PASSWORD_MESSAGES.tooLong];
  if (blank) return broken;
  const lowered = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lowered === address || lowered === address.split('@')[0]) broken.push(PASSWORD_MESSAGES.sameAsEmail);
  if (isCommonPassword(password)) broken.push(PASSWORD_MESSAGES.tooCommon);
  // The account's own address counts as a guess an attacker would try first.
  estimator ??= new StrengthEstimator();
  const outcome = await estimator.estimate(password, [address, ...address.split(/[@.]/)]);
  if ('timedOut' in outcome) broken.push(PASSWORD_MESSAGES.checkTooSlow);
  else if (outcome.score < MIN_STRENGTH_SCORE) broken.push(PASSWORD_MESSAGES.tooGuessable);
  return broken;
}
