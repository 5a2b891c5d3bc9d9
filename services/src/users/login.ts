import { LOCKOUT_DURATION_MS, LOCKOUT_THRESHOLD, type UserEvent } from '@ifu/contracts';
import { isPasswordActive } from './password-policy';
import type { UserState } from './user';

/** The command: the password check itself (argon2) happens before, and its outcome arrives as data. */
export interface LogIn {
  type: 'LogIn';
  passwordMatches: boolean;
  sessionId: string;
  now: Date;
}

export type LoginRejection =
  | { reason: 'unknown-or-inactive' }
  | { reason: 'wrong-password' }
  | { reason: 'account-locked'; lockedUntil: string }
  | { reason: 'password-expired' };

export interface LoginDecision {
  events: UserEvent[];
  rejection?: LoginRejection;
}

/**
 * Decides one login attempt. Failures are recorded as events too, so the lockout count lives in the log.
 * Five consecutive wrong passwords lock the account for 15 minutes; while locked even the right password is refused.
 */
export function decideLogin(state: UserState, command: LogIn): LoginDecision {
  const at = command.now.toISOString();
  const userId = state.userId;
  if (!state.exists) return { events: [], rejection: { reason: 'unknown-or-inactive' } };

  const fail = (reason: 'wrong-password' | 'account-locked' | 'user-inactive' | 'password-expired', failures: number) =>
    ({ type: 'LoginFailed', data: { userId, at, reason, consecutiveFailures: failures } }) as const;

  if (!state.userActive || state.isDeleted) {
    return { events: [fail('user-inactive', state.consecutiveFailures)], rejection: { reason: 'unknown-or-inactive' } };
  }
  if (state.lockedUntil && new Date(state.lockedUntil).getTime() > command.now.getTime()) {
    return {
      events: [fail('account-locked', state.consecutiveFailures)],
      rejection: { reason: 'account-locked', lockedUntil: state.lockedUntil },
    };
  }
  if (!command.passwordMatches) {
    const failures = state.consecutiveFailures + 1;
    if (failures >= LOCKOUT_THRESHOLD) {
      const lockedUntil = new Date(command.now.getTime() + LOCKOUT_DURATION_MS).toISOString();
      return {
        events: [fail('wrong-password', failures), { type: 'AccountLocked', data: { userId, at, lockedUntil, failures } }],
        rejection: { reason: 'wrong-password' },
      };
    }
    return { events: [fail('wrong-password', failures)], rejection: { reason: 'wrong-password' } };
  }
  if (!isPasswordActive(state.passwordSetAt, command.now)) {
    return { events: [fail('password-expired', state.consecutiveFailures)], rejection: { reason: 'password-expired' } };
  }
  return { events: [{ type: 'LoginSucceeded', data: { userId, sessionId: command.sessionId, at } }] };
}
