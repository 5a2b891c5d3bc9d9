import type { Role, Signature, UserEvent } from '@ifu/contracts';
import type { Decision } from '../platform/command-pipeline';
import { plainRejection, type PlainErrorCode } from '../platform/errors';
import { isPasswordActive, type UserState } from './account';

/**
 * The second factor's rules, pure: time, ids and what the code matched arrive as data. The
 * secret's check (otplib) and the recovery codes' hashes are compared before; the decision is whether that match
 * may open a session or confirm an enrolment now: a time step already used, a recovery code already used, a factor
 * reset since the password step are refused.
 */

/** Credentials stream: a secret was made for the user's authenticator app (not in force until confirmed). */
export interface StartSecondFactorEnrolment {
  type: 'StartSecondFactorEnrolment';
  enrolmentId: string;
  now: Date;
}

/** What the typed code matched, as the route found it: a time step of the secret, a recovery code (1-10), or nothing. */
export type CodeMatch = { kind: 'code'; timeStep: number } | { kind: 'recovery'; index: number } | { kind: 'none' };

/**
 * Credentials stream: a code given for `purpose`. 'enrolment': confirms the enrolment `enrolmentId` started on this
 * stream. 'login': the second step after the password, for the factor `enrolmentId` the password step saw, with the
 * challenge `challengeId` it answered; it opens the session `sessionId`.
 */
export interface CheckSecondFactorCode {
  type: 'CheckSecondFactorCode';
  purpose: 'login' | 'enrolment';
  enrolmentId: string;
  challengeId?: string;
  match: CodeMatch;
  sessionId?: string;
  source?: string;
  now: Date;
}

/** Record stream: the enrolment confirmed; `factorSeal` seals the stored row (secret and recovery-code hashes). */
export interface EnrolSecondFactor {
  type: 'EnrolSecondFactor';
  enrolmentId: string;
  factorSeal: string;
  recoveryCodes: number;
  now: Date;
}

/** Record stream: an ADMIN removes the user's factor, signed (meaning 'factor-reset'); the actor as the log has them now. */
export interface ResetSecondFactor {
  type: 'ResetSecondFactor';
  actor: { userId: string; role: Role; active: boolean };
  signature: Signature;
  now: Date;
}

type SecondFactorDecision = Decision<UserEvent>;

const refused = (code: PlainErrorCode, events: UserEvent[] = []): SecondFactorDecision => ({ events, rejection: plainRejection(code) });

const isActive = (state: UserState) => state.exists && state.userActive && !state.isDeleted;

const usedChallenge = (state: UserState, challengeId: string) => (state.usedChallenges ?? []).some((used) => used.challengeId === challengeId);

/** `state`: the credentials stream folded, with the account's facts (active, its enrolled factor) from its record. */
export function decideStartEnrolment(state: UserState, command: StartSecondFactorEnrolment): SecondFactorDecision {
  if (!isActive(state)) return refused('account-not-active');
  if (state.secondFactor) return refused('second-factor-already-enrolled');
  return { events: [{ type: 'SecondFactorEnrolmentStarted', data: { userId: state.userId, at: command.now.toISOString(), enrolmentId: command.enrolmentId } }] };
}

/**
 * A code for an enrolment or a login. A wrong or replayed code is recorded (`SecondFactorCodeRefused`) and refused;
 * the number of tries is bounded by the per-user rate limit on the routes, not by the password's lockout.
 */
export function decideCode(state: UserState, command: CheckSecondFactorCode): SecondFactorDecision {
  const at = command.now.toISOString();
  const { userId } = state;
  const { purpose, match } = command;
  const refusal = (reason: 'wrong-code' | 'replayed-code', code: PlainErrorCode) =>
    refused(code, [{ type: 'SecondFactorCodeRefused', data: { userId, at, purpose, reason } }]);
  const replayed = match.kind === 'code' && state.lastCodeTimeStep !== null && match.timeStep <= state.lastCodeTimeStep;

  if (purpose === 'enrolment') {
    if (!isActive(state)) return refused('account-not-active');
    if (state.secondFactor) return refused('second-factor-already-enrolled');
    if (state.pendingEnrolmentId !== command.enrolmentId) return refused('second-factor-enrolment-unknown');
    if (match.kind !== 'code') return refusal('wrong-code', 'enrolment-code-wrong');
    if (replayed) return refusal('replayed-code', 'second-factor-code-replayed');
    return { events: [{ type: 'SecondFactorCodeAccepted', data: { userId, at, timeStep: match.timeStep, purpose } }] };
  }

  // The login's second step: the account as it is now, and the factor the password step saw (not one reset since).
  if (!isActive(state)) return refused('authentication-failure');
  if (!state.secondFactor || state.secondFactor.enrolmentId !== command.enrolmentId) return refused('second-factor-challenge-invalid');
  // One challenge opens one session: a second code with it (a later code, a recovery code) needs the password again.
  const { challengeId } = command;
  if (challengeId === undefined || usedChallenge(state, challengeId)) return refused('second-factor-challenge-invalid');
  if (!isPasswordActive(state.passwordSetAt, command.now)) return refused('password-expired');
  const source = command.source === undefined ? {} : { source: command.source };
  const loggedIn: UserEvent = { type: 'LoginSucceeded', data: { userId, sessionId: command.sessionId ?? '', at, ...source, challengeId } };
  switch (match.kind) {
    case 'none':
      return refusal('wrong-code', 'second-factor-code-wrong');
    case 'code':
      if (replayed) return refusal('replayed-code', 'second-factor-code-replayed');
      return { events: [{ type: 'SecondFactorCodeAccepted', data: { userId, at, timeStep: match.timeStep, purpose } }, loggedIn] };
    case 'recovery':
      if (state.usedRecoveryCodes.includes(`${command.enrolmentId}:${match.index}`)) return refusal('replayed-code', 'recovery-code-used');
      return { events: [{ type: 'RecoveryCodeUsed', data: { userId, at, enrolmentId: command.enrolmentId, index: match.index } }, loggedIn] };
    default: {
      const unknown: never = match;
      return unknown;
    }
  }
}

/** `state`: the user's record. Only once: a second enrolment needs a reset first (by another ADMIN). */
export function decideEnrol(state: UserState, command: EnrolSecondFactor): SecondFactorDecision {
  if (!isActive(state)) return refused('account-not-active');
  if (state.secondFactor) return refused('second-factor-already-enrolled');
  const { enrolmentId, factorSeal, recoveryCodes } = command;
  return { events: [{ type: 'SecondFactorEnrolled', data: { userId: state.userId, at: command.now.toISOString(), enrolmentId, factorSeal, recoveryCodes } }] };
}

/** Only an active ADMIN, only another user's factor, only one that exists. */
export function decideReset(state: UserState, command: ResetSecondFactor): SecondFactorDecision {
  if (command.actor.role !== 'ADMIN' || !command.actor.active) return refused('admin-only');
  if (!state.exists) return refused('user-not-found');
  if (state.userId === command.actor.userId) return refused('cannot-reset-own-factor');
  if (!state.secondFactor) return refused('second-factor-not-enrolled');
  return { events: [{ type: 'SecondFactorReset', data: { userId: state.userId, at: command.now.toISOString(), signature: command.signature } }] };
}
