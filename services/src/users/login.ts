import { type CredentialFailureReason, LOCKOUT_DURATION_MS, LOCKOUT_THRESHOLD, type UserEvent } from '@ifu/contracts';
import { isPasswordActive } from './password-policy';
import type { UserState } from './user';

/**
 * A check of someone's own password: logging in, confirming a password change, or (later) signing. The argon2
 * comparison happens before; its outcome arrives as data, so the decision is pure.
 */
export interface CheckCredentials {
  type: 'CheckCredentials';
  purpose: 'login' | 'change-password' | 'signature';
  passwordMatches: boolean;
  now: Date;
}

/** The login command: a credential check that opens a session when it passes. */
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

export interface CredentialDecision {
  events: UserEvent[];
  rejection?: LoginRejection;
}
export type LoginDecision = CredentialDecision;

/**
 * Decides one credential check. Failures are recorded as events too, so the lockout count lives in the log: five
 * consecutive wrong passwords (login and other checks alike) lock the account for 15 minutes, and while it is locked
 * even the right password is refused.
 */
export function decideCredentials(state: UserState, command: CheckCredentials): CredentialDecision {
  const at = command.now.toISOString();
  const userId = state.userId;
  if (!state.exists) return { events: [], rejection: { reason: 'unknown-or-inactive' } };

  const fail = (reason: CredentialFailureReason, failures: number): UserEvent =>
    command.purpose === 'login'
      ? { type: 'LoginFailed', data: { userId, at, reason, consecutiveFailures: failures } }
      : { type: 'CredentialCheckFailed', data: { userId, at, purpose: command.purpose, reason, consecutiveFailures: failures } };

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
  return { events: [] };
}

export function decideLogin(state: UserState, command: LogIn): LoginDecision {
  const checked = decideCredentials(state, {
    type: 'CheckCredentials',
    purpose: 'login',
    passwordMatches: command.passwordMatches,
    now: command.now,
  });
  if (checked.rejection) return checked;
  return {
    events: [{ type: 'LoginSucceeded', data: { userId: state.userId, sessionId: command.sessionId, at: command.now.toISOString() } }],
  };
}
