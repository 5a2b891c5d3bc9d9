import type { Role, Signature, SignatureCredentials, SignatureMeaning } from '@ifu/contracts';
import type { Actor } from '@ifu/storage/event-store/event-store';
import { AuditDictionary, type AuditVocabulary } from '../audit/vocabulary';
import { passwordCheck } from '../auth/password-hashes';
import { checkCredentials, loadAccount } from '../auth/credentials';
import { offerUnlock } from '../auth/unlock';
import type { AppContext } from '../platform/app-context';
import type { CommandRun, Decider, DomainEvent, Loaded, StepResult } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { lastView, type RecordView } from './record-views';

/** What is being signed: a record's stream at the version the signer reviewed, and a file. */
export interface SigningSubject<State = unknown> {
  stream: string;
  decider: Decider<never, DomainEvent, State>;
  /**
   * The record as the command already folded it (`run.load`, for its own check): signed at that version, not folded
   * again. Without it the signature folds the record, and hands it back (`SignedBy.record`) for the decision.
   */
  record?: Loaded<State>;
  /** How the record's events read in the audit trail: what changed since the version reviewed is said in its words. */
  vocabulary: AuditVocabulary;
  /**
   * The version the signer reviewed (If-Match; undefined when none was sent; 0 for a record the signature creates).
   * A decision (`DECISIONS`) that names none is bound to the version its signer last opened (`record-views.ts`); any
   * signature is refused with 409 when the record moved on from the version named or opened.
   */
  seenVersion: number | undefined;
  /** SHA-256 of the signed file, where a file is signed. */
  sha256?: string;
}

/**
 * The meanings that decide on a record the signer reviewed: they are bound to the version reviewed (21 CFR 11.70), named
 * (If-Match) or, failing that, the one the signer last opened. An author's edit (`authorship`) may leave it out and is
 * then signed at the current version.
 */
const DECISIONS: ReadonlySet<SignatureMeaning> = new Set(['approval', 'rejection', 'deactivation', 'reactivation', 'file-deletion', 'periodic-review', 'factor-reset']);

const actorName = (actor: Actor) => {
  switch (actor.type) {
    case 'user':
      return actor.name || actor.email;
    case 'public':
      return actor.email;
    case 'visitor':
      return 'a public visitor';
    case 'system':
      return `system (${actor.name})`;
  }
};

/**
 * The record a signature binds, at the version the signer reviewed, which must be the record's version now. That version
 * is the one the signer names (If-Match); a decision (`DECISIONS`) that names none, as the spec's own payloads do not, is
 * bound to the version the signer last opened (`record-views.ts`). Refused with 409 otherwise, before the credentials
 * are checked (so a refusal records nothing): a decision without a version and without a recorded view
 * (`reviewed-version-required`), or a record changed since the version named or opened (`changed-since-review`, naming
 * what happened, who and when).
 */
async function reviewed<State>(
  ctx: AppContext,
  run: CommandRun,
  subject: SigningSubject<State>,
  meaning: SignatureMeaning,
  signerId: string,
): Promise<{ record: Loaded<State>; view?: RecordView }> {
  let seenVersion = subject.seenVersion;
  let view: RecordView | undefined;
  if (seenVersion === undefined && DECISIONS.has(meaning)) {
    view = await lastView(ctx, signerId, subject.stream);
    if (!view) refuse('reviewed-version-required');
    seenVersion = view.version;
  }
  if (subject.record && subject.record.stream !== subject.stream) throw new Error(`a signature on ${subject.stream} was given the record of ${subject.record.stream}`);
  const record = subject.record ?? (await run.load(subject.stream, subject.decider));
  const { version } = record;
  if (seenVersion === undefined || seenVersion === version) return { record, ...(view ? { view } : {}) };
  const later = seenVersion < version ? await ctx.store.readStream(subject.stream, seenVersion) : [];
  const dictionary = new AuditDictionary([subject.vocabulary]);
  const since = later.map((event) => `${dictionary.describe(event).action} (${actorName(event.metadata.actor)}, ${event.recordedAt.slice(0, 16).replace('T', ' ')} UTC)`);
  return refuse('changed-since-review', { reviewed: seenVersion, current: version, since, ...(view ? { openedAt: view.viewedAt } : {}) });
}

/**
 * Stands in for the signature while a command is only checked (`run.check`), before the signer is asked to prove who
 * they are: a decision's own rules (the designated approver, the record's state) refuse first, so that a caller who
 * may not decide learns nothing of the record's history from a stale version, and their password is not checked.
 */
export const UNSIGNED: Signature = { signerId: '', name: '', email: '', signedAt: '', meaning: 'authorship' };

export interface SignedBy<State = unknown> {
  signature: Signature;
  /** The signer's role at the moment of signing (their current account, not their session's). */
  signerRole: Role;
  /** The record as signed (`signature.subject.version`): the decision's `from`, so it is not folded again. */
  record: Loaded<State>;
}

/**
 * An electronic signature (architecture §2): bound to the record as the signer reviewed it (`reviewed`), by a
 * signer whose training is recorded as completed now (issue 23), and the username and password must be the
 * logged-in user's own. Another account's valid credentials are refused like a
 * wrong password; every refusal is an event on the signer's stream and counts toward lockout (a step of the command,
 * on the signer's credentials stream). Returns the `Signature` the signed event carries, bound to what was signed,
 * and the record as signed: pass `signature.subject.version` as the decision's expected version and `record` as its
 * `from`, so that a decision folds its record once (given `subject.record`, the command's own fold, it loads nothing).
 */
export async function sign<State>(
  ctx: AppContext,
  run: CommandRun,
  request: { signer: { userId: string; email: string }; credentials: SignatureCredentials; meaning: SignatureMeaning; subject: SigningSubject<State> },
): Promise<SignedBy<State>> {
  const { signer, credentials, meaning, subject } = request;
  const { record, view } = await reviewed(ctx, run, subject, meaning, signer.userId);
  const { version } = record;
  // The signer's account as the log has it now (folded once, for this check and the credentials').
  const account = await loadAccount(run, signer.userId);
  // Training before signing (issue 23, 21 CFR 11.10(i)), for every signature of every command: refused before the
  // credentials are checked, so the refusal records nothing and counts toward no lockout.
  if (account.exists && !account.isTrainingCompleted) refuse('training-not-completed');
  const ownUsername = credentials.username.trim().toLowerCase() === signer.email.toLowerCase();
  const password = await passwordCheck(ctx, signer.userId, credentials.password);
  let state;
  try {
    state = await checkCredentials(run, signer.userId, 'signature', async (held) => (await password(held)) && ownUsername, ctx.config.LOGIN_DELAY_MS, account);
  } catch (failure) {
    await offerUnlock(ctx, run, signer.userId, failure);
    throw failure;
  }
  return {
    signature: {
      signerId: signer.userId,
      name: `${state.firstName} ${state.lastName}`.trim(),
      email: state.email,
      signedAt: run.now.toISOString(),
      meaning,
      subject: {
        stream: subject.stream,
        version,
        ...(subject.sha256 ? { sha256: subject.sha256 } : {}),
        // Signed without If-Match: bound to the version the signer last opened, and when they opened it.
        ...(view ? { boundBy: 'recorded-view' as const, viewedAt: view.viewedAt } : {}),
      },
    },
    signerRole: state.role,
    record,
  };
}

/**
 * A signed decision on a record the command has folded once (`subject.record`): the decision's own rules are checked
 * first, with the actor's role as the authentication read it for this request and no signature (`UNSIGNED`); then the
 * signature binds the record at the version reviewed (and checks the credentials); then the signed decision is decided
 * on the record as signed, at that version: any change since is a conflict, not a retry.
 */
export async function decideSigned<Command, Event extends DomainEvent, State>(
  ctx: AppContext,
  run: CommandRun,
  request: {
    actor: { userId: string; email: string; role: Role };
    credentials: SignatureCredentials;
    meaning: SignatureMeaning;
    subject: SigningSubject<State> & { decider: Decider<Command, Event, State>; record: Loaded<State> };
    /** The decision, signed by `signature` by a signer of `signerRole`. */
    decision: (signature: Signature, signerRole: Role) => Command;
  },
): Promise<StepResult<Event, State>> {
  const { actor, decision, subject } = request;
  const { stream, decider } = subject;
  await run.check({ stream, decider, from: subject.record, command: decision({ ...UNSIGNED, signerId: actor.userId }, actor.role) });
  const signed = await sign(ctx, run, { signer: actor, credentials: request.credentials, meaning: request.meaning, subject });
  return run.execute({ stream, decider, from: signed.record, expectedVersion: signed.signature.subject!.version, command: decision(signed.signature, signed.signerRole) });
}
