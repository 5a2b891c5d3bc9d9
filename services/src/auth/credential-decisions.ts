import { type CredentialFailureReason, LOCKOUT_DURATION_MS, LOCKOUT_THRESHOLD, type UserEvent } from '@ifu/contracts';
import { isPasswordActive } from './account';
import type { UserState } from './account';

/**
 * A check of someone's own password: logging in, confirming a password change, or (later) signing. The argon2
 * comparison happens before; its outcome arrives as data, so the decision is pure.
 */
export interface CheckCredentials {
  type: 'CheckCredentials';
  purpose: 'login' | 'change-password' | 'signature';
  passwordMatches: boolean;
  now: Date;
  /**
   * A hash of the caller's address. With it, five failures lock out that address only (the guesser, not the owner);
   * without it (or from before addresses were kept) they lock the whole account.
   */
  source?: string;
  /** The progressive delay's first step; each further failure doubles it. 0 or absent: no delay. */
  delayBaseMs?: number;
  /**
   * The attempt comes from a browser that signed in to this account before (its device cookie: `source` names that
   * browser) or from a live session of the account. It is judged by its own source's failures
   * only: the lock of the whole account and the account-wide delay, which stop guessing from many addresses, do not
   * keep the owner out; its failures lock its own source and do not count toward the whole account's lock.
   */
  trusted?: boolean;
}

/** The login command: a credential check that opens a session when it passes. */
export interface LogIn {
  type: 'LogIn';
  passwordMatches: boolean;
  sessionId: string;
  now: Date;
  source?: string;
  delayBaseMs?: number;
  trusted?: boolean;
}

export type LoginRejection =
  | { reason: 'unknown-or-inactive' }
  | { reason: 'wrong-password' }
  | { reason: 'account-locked'; lockedUntil: string }
  | { reason: 'too-soon'; retryAt: string }
  | { reason: 'password-expired' };

/** Failures from this many addresses within the lock's duration, at least DISTRIBUTED_FAILURES of them, lock the account. */
export const DISTRIBUTED_SOURCES = 3;
export const DISTRIBUTED_FAILURES = 20;
/** The longest progressive delay. */
export const MAX_DELAY_MS = 60_000;

export interface CredentialDecision {
  events: UserEvent[];
  rejection?: LoginRejection;
}
export type LoginDecision = CredentialDecision;

/** When the next attempt may come: each failure doubles the wait after it, from `base`, up to MAX_DELAY_MS. */
function notBefore(failures: number, lastFailureAt: string | null, base: number): number {
  if (base <= 0 || failures < 1 || !lastFailureAt) return 0;
  return Date.parse(lastFailureAt) + Math.min(base * 2 ** (failures - 1), MAX_DELAY_MS);
}

/**
 * Decides one credential check. Failures are recorded as events too, so the lockout count lives in the log. Five
 * consecutive wrong passwords from one address lock that address out for 15 minutes (the guesser, not the owner at
 * another address); guesses from many addresses lock the whole account. While locked even the right password is
 * refused. After each failure the next attempt must wait longer (per address, and per account once several addresses
 * guess), and an attempt that comes too soon is refused without looking at the password.
 */
export function decideCredentials(state: UserState, command: CheckCredentials): CredentialDecision {
  const at = command.now.toISOString();
  const now = command.now.getTime();
  const userId = state.userId;
  if (!state.exists) return { events: [], rejection: { reason: 'unknown-or-inactive' } };
  const source = command.source;
  const here = state.sources[source ?? ''] ?? { failures: 0, lastFailureAt: null, lockedUntil: null };

  const trusted = command.trusted === true;
  const fail = (reason: CredentialFailureReason, failures: number, sourceFailures?: number): UserEvent => {
    const where = {
      ...(source === undefined ? {} : { source, ...(sourceFailures === undefined ? {} : { sourceFailures }) }),
      ...(trusted ? { trusted } : {}),
    };
    return command.purpose === 'login'
      ? { type: 'LoginFailed', data: { userId, at, reason, consecutiveFailures: failures, ...where } }
      : { type: 'CredentialCheckFailed', data: { userId, at, purpose: command.purpose, reason, consecutiveFailures: failures, ...where } };
  };

  if (!state.userActive || state.isDeleted) {
    return { events: [fail('user-inactive', state.consecutiveFailures)], rejection: { reason: 'unknown-or-inactive' } };
  }
  const lockedUntil = [trusted ? null : state.lockedUntil, here.lockedUntil].filter((until): until is string => until !== null && Date.parse(until) > now).sort().at(-1);
  if (lockedUntil) {
    return { events: [fail('account-locked', state.consecutiveFailures)], rejection: { reason: 'account-locked', lockedUntil } };
  }
  const base = command.delayBaseMs ?? 0;
  // Per address from its first failure; per account once guesses come past one address's lockout threshold (not for
  // a trusted browser or session: guesses from elsewhere do not slow the owner down).
  const waitUntil = Math.max(
    notBefore(here.failures, here.lastFailureAt, base),
    trusted ? 0 : notBefore(state.consecutiveFailures - LOCKOUT_THRESHOLD + 1, state.lastFailureAt, base),
  );
  if (now < waitUntil) return { events: [], rejection: { reason: 'too-soon', retryAt: new Date(waitUntil).toISOString() } };
  if (!command.passwordMatches) {
    const failures = state.consecutiveFailures + 1;
    const sourceFailures = here.failures + 1;
    const failed = fail('wrong-password', failures, sourceFailures);
    const lockUntil = new Date(now + LOCKOUT_DURATION_MS).toISOString();
    // From before addresses were kept, or with none: the threshold locks the whole account, as it always did.
    if (source === undefined && failures >= LOCKOUT_THRESHOLD) {
      return { events: [failed, { type: 'AccountLocked', data: { userId, at, lockedUntil: lockUntil, failures } }], rejection: { reason: 'wrong-password' } };
    }
    const recent = [...state.recentFailures, { at, source: source ?? '' }].filter(({ at: when }) => now - Date.parse(when) < LOCKOUT_DURATION_MS);
    if (!trusted && recent.length >= DISTRIBUTED_FAILURES && new Set(recent.map((f) => f.source)).size >= DISTRIBUTED_SOURCES) {
      return { events: [failed, { type: 'AccountLocked', data: { userId, at, lockedUntil: lockUntil, failures: recent.length } }], rejection: { reason: 'wrong-password' } };
    }
    if (source !== undefined && sourceFailures >= LOCKOUT_THRESHOLD) {
      return { events: [failed, { type: 'AccountLocked', data: { userId, at, lockedUntil: lockUntil, failures: sourceFailures, source } }], rejection: { reason: 'wrong-password' } };
    }
    return { events: [failed], rejection: { reason: 'wrong-password' } };
  }
  if (!isPasswordActive(state.passwordSetAt, command.now)) {
    return { events: [fail('password-expired', state.consecutiveFailures)], rejection: { reason: 'password-expired' } };
  }
  return { events: [] };
}

export function decideLogin(state: UserState, command: LogIn): LoginDecision {
  const checked = decideCredentials(state, {
    type: 'CheckCredentials',
    purpose: 'login',
    passwordMatches: command.passwordMatches,
    now: command.now,
    source: command.source,
    delayBaseMs: command.delayBaseMs,
    trusted: command.trusted,
  });
  if (checked.rejection) return checked;
  const source = command.source === undefined ? {} : { source: command.source };
  return {
    events: [{ type: 'LoginSucceeded', data: { userId: state.userId, sessionId: command.sessionId, at: command.now.toISOString(), ...source } }],
  };
}
