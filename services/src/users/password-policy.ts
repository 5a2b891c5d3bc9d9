import { PASSWORD_MAX_AGE_DAYS } from '@ifu/contracts';

const DAY_MS = 86_400_000;

/** A password is active once set and for 90 days after (architecture §6, password aging). */
export function isPasswordActive(passwordSetAt: string | null, now: Date): boolean {
  if (!passwordSetAt) return false;
  return now.getTime() - new Date(passwordSetAt).getTime() < PASSWORD_MAX_AGE_DAYS * DAY_MS;
}
