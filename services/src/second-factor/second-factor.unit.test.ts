import { describe, expect, it } from 'vitest';
import type { CredentialEvent, Signature, UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { type AccountFacts, credentialsDecider, USED_CHALLENGES_KEPT_MS, CHALLENGE_LIFETIME_MS } from '../auth';
import { userDecider } from '../users';

const userId = 'u-1';
const now = new Date('2026-11-27T10:00:00.000Z');
const at = now.toISOString();
const factor = { enrolmentId: 'e-1', factorSeal: 'seal-1', enrolledAt: at };
/** The account as its record has it: active, a password set today, and (or not) an enrolled factor. */
const account: AccountFacts = { exists: true, userId, userActive: true, isDeleted: false, passwordSetAt: at, secondFactor: null };
const withFactor: AccountFacts = { ...account, secondFactor: factor };
const started: CredentialEvent = { type: 'SecondFactorEnrolmentStarted', data: { userId, at, enrolmentId: 'e-1' } };
const accepted = (timeStep: number, purpose: 'login' | 'enrolment' = 'login'): CredentialEvent => ({
  type: 'SecondFactorCodeAccepted',
  data: { userId, at, timeStep, purpose },
});
const refused = (purpose: 'login' | 'enrolment', reason: 'wrong-code' | 'replayed-code'): CredentialEvent => ({
  type: 'SecondFactorCodeRefused',
  data: { userId, at, purpose, reason },
});
const loggedIn: CredentialEvent = { type: 'LoginSucceeded', data: { userId, sessionId: 's-1', at, source: 'src', challengeId: 'c-1' } };
const login = (
  match: { kind: 'code'; timeStep: number } | { kind: 'recovery'; index: number } | { kind: 'none' },
  facts = withFactor,
  enrolmentId = 'e-1',
  challengeId = 'c-1',
) => ({
  type: 'CheckSecondFactorCode' as const,
  account: facts,
  purpose: 'login' as const,
  enrolmentId,
  challengeId,
  match,
  sessionId: 's-1',
  source: 'src',
  now,
});

describe('the second factor on the credentials (user-credentials-<id> streams)', () => {
  const spec = deciderSpec(credentialsDecider);

  describe('enrolment', () => {
    it('when an active user without a factor starts an enrolment, then SecondFactorEnrolmentStarted', () => {
      spec.given().when({ type: 'StartSecondFactorEnrolment', account, enrolmentId: 'e-1', now }).then([started]);
    });

    it('when the user has a factor already, or is not active, then the start is refused and nothing recorded', () => {
      spec.given().when({ type: 'StartSecondFactorEnrolment', account: withFactor, enrolmentId: 'e-2', now }).thenRefuses({ code: 'second-factor-already-enrolled' });
      spec.given().when({ type: 'StartSecondFactorEnrolment', account: { ...account, userActive: false }, enrolmentId: 'e-2', now }).thenRefuses({ code: 'account-not-active' });
    });

    it('when the started enrolment is confirmed with a current code, then the code is accepted and its time step kept', () => {
      spec.given(started).when({ type: 'CheckSecondFactorCode', account, purpose: 'enrolment', enrolmentId: 'e-1', match: { kind: 'code', timeStep: 100 }, now }).then([accepted(100, 'enrolment')]);
    });

    it('when the code is wrong, then it is refused with enrolment-code-wrong and the refusal recorded', () => {
      spec
        .given(started)
        .when({ type: 'CheckSecondFactorCode', account, purpose: 'enrolment', enrolmentId: 'e-1', match: { kind: 'none' }, now })
        .thenRefuses({ code: 'enrolment-code-wrong' }, [refused('enrolment', 'wrong-code')]);
    });

    it('when the enrolment confirmed is not the one open (none, or replaced by a newer one), then second-factor-enrolment-unknown', () => {
      const match = { kind: 'code' as const, timeStep: 100 };
      spec.given().when({ type: 'CheckSecondFactorCode', account, purpose: 'enrolment', enrolmentId: 'e-1', match, now }).thenRefuses({ code: 'second-factor-enrolment-unknown' });
      spec
        .given(started, { type: 'SecondFactorEnrolmentStarted', data: { userId, at, enrolmentId: 'e-2' } })
        .when({ type: 'CheckSecondFactorCode', account, purpose: 'enrolment', enrolmentId: 'e-1', match, now })
        .thenRefuses({ code: 'second-factor-enrolment-unknown' });
    });
  });

  describe('the login code step', () => {
    it('when the code matches a time step after the last one used, then the code is accepted and the login recorded', () => {
      spec.given(accepted(99)).when(login({ kind: 'code', timeStep: 100 })).then([accepted(100), loggedIn]);
    });

    it('when the code is of the time step used last, or an earlier one, then it is refused as replayed (and recorded)', () => {
      spec.given(accepted(100)).when(login({ kind: 'code', timeStep: 100 })).thenRefuses({ code: 'second-factor-code-replayed' }, [refused('login', 'replayed-code')]);
      spec.given(accepted(100)).when(login({ kind: 'code', timeStep: 99 })).thenRefuses({ code: 'second-factor-code-replayed' }, [refused('login', 'replayed-code')]);
    });

    it('when the code matches nothing, then second-factor-code-wrong and the refusal recorded', () => {
      spec.given().when(login({ kind: 'none' })).thenRefuses({ code: 'second-factor-code-wrong' }, [refused('login', 'wrong-code')]);
    });

    it('when a recovery code not used before is given, then it is used up and the login recorded; the same one again is refused', () => {
      const used: CredentialEvent = { type: 'RecoveryCodeUsed', data: { userId, at, enrolmentId: 'e-1', index: 3 } };
      spec.given().when(login({ kind: 'recovery', index: 3 })).then([used, loggedIn]);
      spec.given(used).when(login({ kind: 'recovery', index: 3 })).thenRefuses({ code: 'recovery-code-used' }, [refused('login', 'replayed-code')]);
      spec.given(used).when(login({ kind: 'recovery', index: 4 })).then([{ ...used, data: { ...used.data, index: 4 } } as CredentialEvent, loggedIn]);
    });

    it('when a recovery code of an earlier enrolment was used, then the same position of the new enrolment still works', () => {
      const usedBefore: CredentialEvent = { type: 'RecoveryCodeUsed', data: { userId, at, enrolmentId: 'e-0', index: 3 } };
      spec.given(usedBefore).when(login({ kind: 'recovery', index: 3 })).then([{ type: 'RecoveryCodeUsed', data: { userId, at, enrolmentId: 'e-1', index: 3 } }, loggedIn]);
    });

    it('when the factor was reset (or replaced) since the password step, then the challenge is refused and nothing recorded', () => {
      spec.given().when(login({ kind: 'code', timeStep: 100 }, account)).thenRefuses({ code: 'second-factor-challenge-invalid' });
      spec.given().when(login({ kind: 'code', timeStep: 100 }, withFactor, 'e-0')).thenRefuses({ code: 'second-factor-challenge-invalid' });
    });

    it('when the challenge already opened a session, then another code with it (a later code, a recovery code) is refused and nothing recorded; a new challenge works', () => {
      spec.given(accepted(100), loggedIn).when(login({ kind: 'code', timeStep: 101 })).thenRefuses({ code: 'second-factor-challenge-invalid' });
      spec.given(accepted(100), loggedIn).when(login({ kind: 'recovery', index: 2 })).thenRefuses({ code: 'second-factor-challenge-invalid' });
      spec.given(accepted(100), loggedIn).when(login({ kind: 'code', timeStep: 101 }, withFactor, 'e-1', 'c-2')).then([
        accepted(101),
        { ...loggedIn, data: { ...loggedIn.data, challengeId: 'c-2' } } as CredentialEvent,
      ]);
    });

    it('when a used challenge is older than any challenge can live, then it is no longer kept (the state stays small)', () => {
      const later = new Date(now.getTime() + USED_CHALLENGES_KEPT_MS + 1000).toISOString();
      const next: CredentialEvent = { type: 'LoginSucceeded', data: { userId, sessionId: 's-2', at: later, challengeId: 'c-2' } };
      const state = [loggedIn, next].reduce(credentialsDecider.evolve, credentialsDecider.initialState());
      expect(state.usedChallenges).toEqual([{ challengeId: 'c-2', at: later }]);
      expect(USED_CHALLENGES_KEPT_MS).toBeGreaterThan(CHALLENGE_LIFETIME_MS);
    });

    it('when the account was deactivated, or its password expired, since the password step, then it is refused', () => {
      spec.given().when(login({ kind: 'code', timeStep: 100 }, { ...withFactor, userActive: false })).thenRefuses({ code: 'authentication-failure' });
      const old = new Date(now.getTime() - 91 * 24 * 60 * 60_000).toISOString();
      spec.given().when(login({ kind: 'code', timeStep: 100 }, { ...withFactor, passwordSetAt: old })).thenRefuses({ code: 'password-expired' });
    });
  });
});

describe('the second factor on the record (user-<id> streams)', () => {
  const spec = deciderSpec(userDecider);
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId, email: 'u@example.com', firstName: 'Una', lastName: 'User', role: 'ADMIN', isTrainingCompleted: true, origin: 'admin' },
  };
  const enrolled: UserEvent = { type: 'SecondFactorEnrolled', data: { userId, at, enrolmentId: 'e-1', factorSeal: 'seal-1', recoveryCodes: 10 } };
  const signature: Signature = { signerId: 'a-1', name: 'Ada Admin', email: 'ada@example.com', signedAt: at, meaning: 'factor-reset' };
  const admin = { userId: 'a-1', role: 'ADMIN' as const, active: true };

  it('when the enrolment is confirmed, then SecondFactorEnrolled with the seal of the stored row, once', () => {
    spec.given(registered).when({ type: 'EnrolSecondFactor', enrolmentId: 'e-1', factorSeal: 'seal-1', recoveryCodes: 10, now }).then([enrolled]);
    spec.given(registered, enrolled).when({ type: 'EnrolSecondFactor', enrolmentId: 'e-2', factorSeal: 'seal-2', recoveryCodes: 10, now }).thenRefuses({ code: 'second-factor-already-enrolled' });
  });

  it('when an active ADMIN resets another user\'s factor, then SecondFactorReset carries the signature; a new enrolment is possible after it', () => {
    const reset: UserEvent = { type: 'SecondFactorReset', data: { userId, at, signature } };
    spec.given(registered, enrolled).when({ type: 'ResetSecondFactor', actor: admin, signature, now }).then([reset]);
    spec.given(registered, enrolled, reset).when({ type: 'EnrolSecondFactor', enrolmentId: 'e-2', factorSeal: 'seal-2', recoveryCodes: 10, now }).then([
      { type: 'SecondFactorEnrolled', data: { userId, at, enrolmentId: 'e-2', factorSeal: 'seal-2', recoveryCodes: 10 } },
    ]);
  });

  it('when a USER, an inactive ADMIN, or the user themself asks for the reset, or there is no factor, then it is refused', () => {
    spec.given(registered, enrolled).when({ type: 'ResetSecondFactor', actor: { ...admin, role: 'USER' }, signature, now }).thenRefuses({ code: 'admin-only' });
    spec.given(registered, enrolled).when({ type: 'ResetSecondFactor', actor: { ...admin, active: false }, signature, now }).thenRefuses({ code: 'admin-only' });
    spec.given(registered, enrolled).when({ type: 'ResetSecondFactor', actor: { ...admin, userId }, signature, now }).thenRefuses({ code: 'cannot-reset-own-factor' });
    spec.given(registered).when({ type: 'ResetSecondFactor', actor: admin, signature, now }).thenRefuses({ code: 'second-factor-not-enrolled' });
    spec.given().when({ type: 'ResetSecondFactor', actor: admin, signature, now }).thenRefuses({ code: 'user-not-found' });
  });
});
