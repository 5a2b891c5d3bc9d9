import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type ConfirmEnrolmentRequest,
  isRecoveryCode,
  type Signature,
  type SignatureCredentials,
  type StartEnrolmentResponse,
  userStreamId,
} from '@ifu/contracts';
import { userAccountsProjection } from '@ifu/projections';
import { loadAccount, onCredentials, revokeUserSessions, type CodeMatch } from '../auth';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import type { AuthenticatedUser } from '../platform/http';
import { signed } from '../signatures';
import { usersVocabulary, userDecider } from '../users';
import { FactorStore } from './factor-store';
import { matchingTimeStep, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp';

export const READ_MODELS = [userAccountsProjection.name];

const stores = new WeakMap<AppContext, FactorStore>();

/** The stored factors of one app (their key derived once). */
export function factorStore(ctx: AppContext): FactorStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new FactorStore(ctx.db, ctx.seals, ctx.secrets.auditKey);
    stores.set(ctx, store);
  }
  return store;
}

/**
 * POST /user/second-factor/enrolment: a new secret for the signed-in user's authenticator app. Decided first (an
 * account with a factor in force is refused and nothing is stored), then the secret kept encrypted; it is shown once,
 * as text and as a QR code, and is in force only once confirmed with a code.
 */
export async function startEnrolment(ctx: AppContext, run: CommandRun, actor: AuthenticatedUser): Promise<StartEnrolmentResponse> {
  const enrolmentId = randomUUID();
  const secret = newTotpSecret();
  await onCredentials(run, actor.userId, { type: 'StartSecondFactorEnrolment', enrolmentId });
  await factorStore(ctx).storePending(actor.userId, enrolmentId, secret, run.now);
  const uri = otpauthUri(secret, actor.email);
  return { enrolmentId, secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
}

/**
 * POST /user/second-factor/enrolment/confirm: the code must be a current code of the secret shown (and not one used
 * already); then ten recovery codes are made, kept as keyed hashes beside the secret, and the enrolment recorded on
 * the user's record with the seal of that row. Answers the recovery codes: the only time they are shown.
 */
export async function confirmEnrolment(ctx: AppContext, run: CommandRun, actor: AuthenticatedUser, input: ConfirmEnrolmentRequest): Promise<string[]> {
  const store = factorStore(ctx);
  const secret = await store.pendingSecret(actor.userId, input.enrolmentId);
  if (secret === undefined) refuse('second-factor-enrolment-unknown');
  const timeStep = await matchingTimeStep(secret, input.code, run.now);
  const match: CodeMatch = timeStep === null ? { kind: 'none' } : { kind: 'code', timeStep };
  await onCredentials(run, actor.userId, { type: 'CheckSecondFactorCode', purpose: 'enrolment', enrolmentId: input.enrolmentId, match });
  const codes = newRecoveryCodes();
  const factorSeal = await store.confirm(
    actor.userId,
    input.enrolmentId,
    codes.map((code) => store.recoveryHash(actor.userId, input.enrolmentId, code)),
  );
  if (!factorSeal) refuse('second-factor-enrolment-unknown');
  await run.execute({
    stream: userStreamId(actor.userId),
    decider: userDecider,
    command: { type: 'EnrolSecondFactor', enrolmentId: input.enrolmentId, factorSeal, recoveryCodes: codes.length, now: run.now },
  });
  await store.forgetOthers(actor.userId, input.enrolmentId);
  return codes;
}

/** Which of the stored recovery codes (1 to 10) `code` is, or 0. Every hash is compared, in constant time each. */
function recoveryIndex(hashes: readonly string[], hash: string): number {
  let found = 0;
  const given = Buffer.from(hash);
  hashes.forEach((stored, i) => {
    const held = Buffer.from(stored);
    if (held.length === given.length && timingSafeEqual(held, given) && found === 0) found = i + 1;
  });
  return found;
}

/**
 * The login's code step (POST /user/get/token/second-factor): the code (or a recovery code) matched against the
 * factor in force, then decided on the user's credentials: a time step used before, a used recovery code, a factor
 * reset since the password step, a challenge that already opened a session are refused; a wrong code is recorded.
 * Records the login of `sessionId` (with the challenge it spent) when it passes.
 */
export async function logInWithCode(
  ctx: AppContext,
  run: CommandRun,
  input: { userId: string; enrolmentId: string; challengeId: string; code: string; sessionId: string; device?: string },
) {
  const account = await loadAccount(run, input.userId);
  let match: CodeMatch = { kind: 'none' };
  if (account.secondFactor && account.secondFactor.enrolmentId === input.enrolmentId) {
    const store = factorStore(ctx);
    const factor = await store.enrolled(input.userId, account.secondFactor);
    if (!factor) refuse('second-factor-unreadable');
    if (isRecoveryCode(input.code)) {
      const index = recoveryIndex(factor.recoveryHashes, store.recoveryHash(input.userId, input.enrolmentId, input.code));
      if (index > 0) match = { kind: 'recovery', index };
    } else {
      const timeStep = await matchingTimeStep(factor.secret, input.code, run.now);
      if (timeStep !== null) match = { kind: 'code', timeStep };
    }
  }
  const { device, ...rest } = input;
  return onCredentials(run, input.userId, {
    type: 'CheckSecondFactorCode',
    purpose: 'login',
    enrolmentId: rest.enrolmentId,
    challengeId: rest.challengeId,
    match,
    sessionId: rest.sessionId,
    ...(device === undefined ? {} : { device }),
  });
}

/**
 * POST /user/second-factor/reset: an ADMIN removes another user's second factor, signed (meaning 'factor-reset') at
 * the version the list showed (If-Match).
 *
 * 1. The rules first, unsigned, with the actor as their account is in the log now: a refused reset (not an ADMIN, their
 *    own factor, no factor) asks for no signature and stores nothing.
 * 2. `sign()`: the version reviewed, then the ADMIN's own credentials (failures count toward lockout).
 * 3. The reset recorded; the stored secret and recovery codes deleted; the user's sessions ended; the user mailed.
 * An ADMIN whose factor was reset must enrol again at the next login (the authentication guard sees to it).
 */
export async function resetSecondFactor(
  ctx: AppContext,
  run: CommandRun,
  input: { id: string; credentials: SignatureCredentials; actor: AuthenticatedUser; seenVersion?: number },
): Promise<void> {
  // The signature as signed, for the mail that tells the user who reset their factor and when.
  let signedBy: Signature | undefined;
  const { state: user } = await signed(ctx, run, {
    stream: userStreamId(input.id),
    decider: userDecider,
    vocabulary: usersVocabulary,
    meaning: 'factor-reset',
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command: (signature, signer) => {
      signedBy = signature;
      return { type: 'ResetSecondFactor' as const, actor: { userId: signer.userId, role: signer.role, active: signer.active }, signature, now: run.now };
    },
  });
  const signature = signedBy!;
  await factorStore(ctx).forgetOthers(input.id);
  await revokeUserSessions(ctx.db, input.id, run.now, 'second-factor-reset');
  await ctx.mailer.send({
    to: user.email,
    subject: 'IFU Portal: your second factor was reset',
    text: [
      `Hello ${user.firstName} ${user.lastName},`,
      '',
      `${signature.name} reset the second factor (authenticator app) of your IFU Portal account on ${signature.signedAt.slice(0, 16).replace('T', ' ')} UTC.`,
      'Your old authenticator entry and your recovery codes no longer work, and you were logged out.',
      user.role === 'ADMIN'
        ? 'At your next login you will be asked to set up a second factor again before you can continue.'
        : 'You can set up a second factor again under "Second factor" in the menu after you log in.',
      '',
      'If you did not ask for this, tell your administrator at once.',
      '',
      'IFU Portal',
    ].join('\n'),
  });
}
