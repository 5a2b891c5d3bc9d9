import type { Role, Signature, SignatureCredentials, SignatureMeaning } from '@ifu/contracts';
import { passwordCheck } from '../auth/password-hashes';
import { checkCredentials } from '../auth/credentials';
import { offerUnlock } from '../auth/unlock';
import type { AppContext } from '../platform/app-context';
import type { CommandRun, Decider, DomainEvent } from '../platform/command-pipeline';

/** What is being signed: a record's stream (at the version the signer saw: If-Match, else the current one), and a file. */
export interface SigningSubject {
  stream: string;
  decider: Decider<never, DomainEvent, unknown>;
  /** The version the signer saw (If-Match); the decision is refused with 409 if the record moved on since. */
  seenVersion?: number;
  /** SHA-256 of the signed file, where a file is signed. */
  sha256?: string;
}

export interface SignedBy {
  signature: Signature;
  /** The signer's role at the moment of signing (their current account, not their session's). */
  signerRole: Role;
}

/**
 * An electronic signature (architecture §2): the username and password must be the logged-in user's own. Another
 * account's valid credentials are refused like a wrong password; every refusal is an event on the signer's stream and
 * counts toward lockout (a step of the command, on the signer's credentials stream). Returns the `Signature` the signed event
 * carries, bound to what was signed: pass `signature.subject.version` as the decision's expected version.
 */
export async function sign(
  ctx: AppContext,
  run: CommandRun,
  request: { signer: { userId: string; email: string }; credentials: SignatureCredentials; meaning: SignatureMeaning; subject: SigningSubject },
): Promise<SignedBy> {
  const { signer, credentials, meaning, subject } = request;
  const ownUsername = credentials.username.trim().toLowerCase() === signer.email.toLowerCase();
  const password = await passwordCheck(ctx, signer.userId, credentials.password);
  let state;
  try {
    state = await checkCredentials(run, signer.userId, 'signature', async (held) => (await password(held)) && ownUsername, ctx.config.LOGIN_DELAY_MS);
  } catch (failure) {
    await offerUnlock(ctx, run, signer.userId, failure);
    throw failure;
  }
  const version = subject.seenVersion ?? (await run.load(subject.stream, subject.decider)).version;
  return {
    signature: {
      signerId: signer.userId,
      name: `${state.firstName} ${state.lastName}`.trim(),
      email: state.email,
      signedAt: run.now.toISOString(),
      meaning,
      subject: { stream: subject.stream, version, ...(subject.sha256 ? { sha256: subject.sha256 } : {}) },
    },
    signerRole: state.role,
  };
}
