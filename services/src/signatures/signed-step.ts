import { type Role, type Signature, type SignatureCredentials, type SignatureMeaning, userStreamId } from '@ifu/contracts';
import type { Actor } from '@ifu/storage/event-store/event-store';
import { AuditDictionary, type AuditVocabulary } from '../platform/audit-vocabulary';
import { passwordCheck, accountFold, checkCredentials, offerUnlock } from '../auth';
import type { AppContext } from '../platform/app-context';
import type { CommandRun, Decider, DomainEvent, Loaded, StepResult } from '../platform/command-pipeline';
import { Refusal, refuse } from '../platform/errors';
import type { Queryable } from '@ifu/storage/database/database';
import type { Seals } from '../platform/seals';
import { shownUtcMinute } from '../platform/shown-dates';

/**
 * The version of a record a staff user last opened, as the screens open it (a change order's view, a customer, the
 * Manage User list). A signed decision that names no version (`If-Match`), as the spec's own payloads do not, is bound
 * to this one (21 CFR 11.70: the signature is bound to the record as its signer reviewed it). One row per user and
 * record, the latest view; not an event per view. Each row is sealed with the audit key's seal key: a row written
 * behind the product's back (without the key) is no view, and a decision without If-Match is then refused.
 */
export interface RecordView {
  stream: string;
  version: number;
  /** When it was opened, ISO 8601 UTC. */
  viewedAt: string;
}

const sealOf = (seals: Seals, userId: string, view: RecordView) => seals.seal('record-view', userId, view.stream, String(view.version), view.viewedAt);

/** Records that `userId` opened these records at these versions now (one statement however many a list shows). */
export async function recordViews(ctx: { db: Queryable; seals: Seals }, userId: string, views: ReadonlyArray<{ stream: string; version: number }>, now: Date): Promise<void> {
  if (views.length === 0) return;
  const viewedAt = now.toISOString();
  const rows = views.map((view) => ({ ...view, viewedAt }));
  // A later view wins; of two at the same instant, the higher version (what the screen showed last).
  await ctx.db.query(
    `INSERT INTO signer_record_views (user_id, stream_id, version, viewed_at, seal)
     SELECT $1, v.stream_id, v.version, $2::timestamptz, v.seal
       FROM unnest($3::text[], $4::integer[], $5::text[]) AS v(stream_id, version, seal)
     ON CONFLICT (user_id, stream_id) DO UPDATE SET version = EXCLUDED.version, viewed_at = EXCLUDED.viewed_at, seal = EXCLUDED.seal
      WHERE (signer_record_views.viewed_at, signer_record_views.version) <= (EXCLUDED.viewed_at, EXCLUDED.version)`,
    [userId, viewedAt, rows.map((r) => r.stream), rows.map((r) => r.version), rows.map((r) => sealOf(ctx.seals, userId, r))],
  );
}

/** The version of `stream` that `userId` last opened, if the product recorded one (its seal holds). */
export async function lastView(ctx: { db: Queryable; seals: Seals }, userId: string, stream: string): Promise<RecordView | undefined> {
  const { rows } = await ctx.db.query<{ version: number; viewed_at: Date | string; seal: string }>(
    'SELECT version, viewed_at, seal FROM signer_record_views WHERE user_id = $1 AND stream_id = $2',
    [userId, stream],
  );
  const row = rows[0];
  if (!row) return undefined;
  const view = { stream, version: row.version, viewedAt: new Date(row.viewed_at).toISOString() };
  return ctx.seals.holds(row.seal, 'record-view', userId, stream, String(view.version), view.viewedAt) ? view : undefined;
}

/**
 * The meanings that decide on a record the signer reviewed: they are bound to the version reviewed (21 CFR 11.70), named
 * (If-Match) or, failing that, the one the signer last opened. An author's edit (`authorship`) may leave it out and is
 * then signed at the current version.
 */
const DECISIONS: ReadonlySet<SignatureMeaning> = new Set(['approval', 'rejection', 'deactivation', 'reactivation', 'file-deletion', 'periodic-review', 'factor-reset', 'reassignment']);

/** The signer as their own stream in the log has them at the moment of signing. */
export interface Signer {
  userId: string;
  role: Role;
  /** Active and not deleted (the authentication refuses any other, so a signer is always active). */
  active: boolean;
}

/** One signed command on one record: every electronic signature of every feature is taken by `signed`. */
export interface SignedCommand<Command, Event extends DomainEvent, State> {
  stream: string;
  decider: Decider<Command, Event, State>;
  /** How the record's events read in the audit trail: what changed since the version reviewed is said in its words. */
  vocabulary: AuditVocabulary;
  meaning: SignatureMeaning;
  /** The logged-in user, who signs with their own username and password. */
  signer: { userId: string; email: string };
  credentials: SignatureCredentials;
  /**
   * The version the signer reviewed (If-Match; undefined when none was sent; 0 for a record the signature creates).
   * A decision (`DECISIONS`) that names none is bound to the version its signer last opened (`record-views.ts`).
   */
  seenVersion: number | undefined;
  /** The signed file's SHA-256, where a file is signed (found in the record as it is). */
  sha256?: (state: State) => string | undefined;
  /** The command, signed by `signature`, of a signer as their account is now. */
  command: (signature: Signature, signer: Signer) => NoInfer<Command>;
  /** Runs once the credentials held, before the append (a file's text vectors for the read models). */
  beforeAppend?: (state: State) => Promise<void>;
  /**
   * Where the signed command is not only appended: work that only a signed command may do comes first (a new change
   * order's number, which is never given twice, is taken only once the author has signed), or the append keeps a claim
   * in step (a user's printed name). Given the signature and the record as signed (at `signature.subject.version`).
   * When set, the command is decided here (`command`, before the credentials are asked for) and again by `complete`.
   */
  complete?: (signature: Signature, signer: Signer, record: Loaded<State>) => Promise<StepResult<NoInfer<Event>, NoInfer<State>>>;
}

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
 * The version a signature binds: the one the signer names (If-Match), or for a decision (`DECISIONS`) that names none,
 * as the spec's own payloads do not, the one the signer last opened (`record-views.ts`). `refusal` when that is not
 * the record's version now: a decision without a version and without a recorded view (`reviewed-version-required`),
 * or a record changed since (`changed-since-review`, naming what happened, who and when).
 */
async function bindingOf(
  ctx: AppContext,
  request: { stream: string; vocabulary: AuditVocabulary; meaning: SignatureMeaning; seenVersion: number | undefined; signerId: string },
  version: number,
): Promise<{ view?: RecordView; refusal?: () => Promise<never> }> {
  let seenVersion = request.seenVersion;
  let view: RecordView | undefined;
  if (seenVersion === undefined && DECISIONS.has(request.meaning)) {
    view = await lastView(ctx, request.signerId, request.stream);
    if (!view) return { refusal: async () => refuse('reviewed-version-required') };
    seenVersion = view.version;
  }
  if (seenVersion === undefined || seenVersion === version) return view ? { view } : {};
  const reviewed = seenVersion;
  const refusal = async () => {
    const later = reviewed < version ? await ctx.store.readStream(request.stream, reviewed) : [];
    const dictionary = new AuditDictionary([request.vocabulary]);
    const since = later.map((event) => `${dictionary.describe(event).action} (${actorName(event.metadata.actor)}, ${shownUtcMinute(event.recordedAt)})`);
    return refuse('changed-since-review', { reviewed, current: version, since, ...(view ? { openedAt: view.viewedAt } : {}) });
  };
  return { ...(view ? { view } : {}), refusal };
}

/**
 * An electronic signature and the command it signs (architecture §2; 21 CFR 11.50, 11.70, 11.200): one step that folds
 * the record and the signer's account once each (the account as the request's authentication folded it), decides once,
 * and appends what it decided at the version signed. In this order, so that what is refused records nothing it need
 * not:
 * 1. the command's own rules, decided on the record as it is now with the signer's role now: a caller who may not
 *    decide (not the approver, the record's state) is refused before anything else, learns nothing of the record's
 *    history from a stale version, and is not asked for a password;
 * 2. the version reviewed (`bindingOf`): a record changed since is a 409 naming what changed;
 * 3. training recorded as completed (21 CFR 11.10(i)): refused before the credentials, so it counts toward no lockout;
 * 4. the username and password, which must be the logged-in user's own (another account's are refused like a wrong
 *    password); every failure is an event on the signer's credentials stream and counts toward lockout;
 * 5. the append, at the version signed: any change in between is a conflict (409), never a retry.
 */
export async function signed<Command, Event extends DomainEvent, State>(
  ctx: AppContext,
  run: CommandRun,
  request: SignedCommand<Command, Event, State>,
): Promise<StepResult<Event, State>> {
  const { stream, decider, signer: who } = request;
  const [record, { state: account }] = await Promise.all([run.load(stream, decider), run.load(userStreamId(who.userId), accountFold)]);
  const signer: Signer = { userId: who.userId, role: account.role, active: account.exists && account.userActive && !account.isDeleted };
  const binding = await bindingOf(ctx, { ...request, signerId: who.userId }, record.version);
  const sha256 = request.sha256?.(record.state);
  const signature: Signature = {
    signerId: who.userId,
    name: `${account.firstName} ${account.lastName}`.trim(),
    email: account.email,
    signedAt: run.now.toISOString(),
    meaning: request.meaning,
    subject: {
      stream,
      version: record.version,
      ...(sha256 ? { sha256 } : {}),
      // Signed without If-Match: bound to the version the signer last opened, and when they opened it.
      ...(binding.view ? { boundBy: 'recorded-view' as const, viewedAt: binding.view.viewedAt } : {}),
    },
  };
  const decision = decider.decide(request.command(signature, signer), record.state);
  if (decision.rejection) {
    if (decision.events.length > 0) throw new Error(`${decider.name}: a signed command's refusal records nothing before its signature`);
    throw new Refusal(decision.rejection);
  }
  if (binding.refusal) await binding.refusal();
  if (account.exists && !account.isTrainingCompleted) refuse('training-not-completed');
  const ownUsername = request.credentials.username.trim().toLowerCase() === who.email.toLowerCase();
  const password = await passwordCheck(ctx, who.userId, request.credentials.password);
  try {
    await checkCredentials(run, who.userId, 'signature', async (held) => (await password(held)) && ownUsername, ctx.config.LOGIN_DELAY_MS, account);
  } catch (failure) {
    await offerUnlock(ctx, run, who.userId, failure);
    throw failure;
  }
  await request.beforeAppend?.(record.state);
  if (request.complete) return request.complete(signature, signer, record);
  return run.append(decider, record, decision);
}
