import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@ifu/contracts';
import { foldUser } from './account';
import { decideLogin, type LogIn } from './credential-decisions';

const userId = 'u-1';
const now = new Date('2026-11-21T10:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'a@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, origin: 'admin' },
};
const passwordSet = (setAt = now.toISOString()): UserEvent => ({ type: 'PasswordSet', data: { userId, setAt, via: 'set-password-link' } });
const failed = (n: number): UserEvent => ({
  type: 'LoginFailed',
  data: { userId, at: now.toISOString(), reason: 'wrong-password', consecutiveFailures: n },
});

/** given(events).when(command).then(...) in the emmett style. */
const given = (...events: UserEvent[]) => ({
  when: (command: Partial<LogIn>) =>
    decideLogin(foldUser(events), { type: 'LogIn', passwordMatches: true, sessionId: 's-1', now, ...command }),
});

describe('decideLogin', () => {
  it('when the password matches an active account, then the login succeeds with the session', () => {
    const decision = given(registered, passwordSet()).when({});
    expect(decision.rejection).toBeUndefined();
    expect(decision.events).toEqual([{ type: 'LoginSucceeded', data: { userId, sessionId: 's-1', at: now.toISOString() } }]);
  });

  it('when the account does not exist, then it is refused and nothing is recorded', () => {
    expect(given().when({})).toEqual({ events: [], rejection: { reason: 'unknown-or-inactive' } });
  });

  it('when the password is wrong, then the failure is recorded with its count', () => {
    const decision = given(registered, passwordSet(), failed(1)).when({ passwordMatches: false });
    expect(decision.rejection).toEqual({ reason: 'wrong-password' });
    expect(decision.events).toEqual([failed(2)]);
  });

  it('when the fifth consecutive password is wrong, then the account is locked for 15 minutes', () => {
    const decision = given(registered, passwordSet(), failed(1), failed(2), failed(3), failed(4)).when({ passwordMatches: false });
    expect(decision.events).toEqual([
      failed(5),
      { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: minutes(15).toISOString(), failures: 5 } },
    ]);
  });

  it('when a successful login came between failures, then the count starts again', () => {
    const success: UserEvent = { type: 'LoginSucceeded', data: { userId, sessionId: 's-0', at: now.toISOString() } };
    const decision = given(registered, passwordSet(), failed(1), failed(2), failed(3), failed(4), success).when({ passwordMatches: false });
    expect(decision.events).toEqual([failed(1)]);
  });

  it('when the account is locked, then even the right password is refused and the refusal is recorded', () => {
    const lock: UserEvent = { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: minutes(15).toISOString(), failures: 5 } };
    const decision = given(registered, passwordSet(), failed(5), lock).when({ now: minutes(14) });
    expect(decision.rejection).toEqual({ reason: 'account-locked', lockedUntil: minutes(15).toISOString() });
    expect(decision.events[0]).toMatchObject({ type: 'LoginFailed', data: { reason: 'account-locked' } });
  });

  it('when the lock has expired, then the right password logs in', () => {
    const lock: UserEvent = { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: minutes(15).toISOString(), failures: 5 } };
    const decision = given(registered, passwordSet(), failed(5), lock).when({ now: minutes(16) });
    expect(decision.rejection).toBeUndefined();
  });

  it('when the password was set more than 90 days ago, then the login is refused as expired', () => {
    const old = new Date(now.getTime() - 91 * 86_400_000).toISOString();
    const decision = given(registered, passwordSet(old)).when({});
    expect(decision.rejection).toEqual({ reason: 'password-expired' });
  });

  it('when no password was ever set, then the login is refused as expired (the set-password link applies)', () => {
    expect(given(registered).when({}).rejection).toEqual({ reason: 'password-expired' });
  });
});
