import { createHash, randomBytes } from 'node:crypto';
import { credentialsStreamId, type PasswordLinkPurpose, type UserEvent } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { type EventStore, QUARANTINED_EVENT_TYPE } from '@ifu/storage/event-store/event-store';
import type { AppContext } from '../platform/app-context';
import type { Seals } from '../platform/seals';
import type { AppendFollower, CommandRun } from '../platform/command-pipeline';
import { onCredentials } from './credentials';
import { foldUser } from './account';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new emailed link's token: 32 random bytes. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/**
 * The seal of an emailed link's token, as the event that issued the link carries it: the
 * `password_tokens` table only finds the account a token is for; whether the link works is the log's answer.
 */
export const linkSeal = (seals: Seals, userId: string, kind: LinkKind, token: string) => tokenHashSeal(seals, userId, kind, hashToken(token));

type LinkKind = 'set-password' | 'unlock';

/** The same seal from the token's hash, as `password_tokens` keeps it (audit:verify compares the two). */
export const tokenHashSeal = (seals: Seals, userId: string, kind: LinkKind, tokenHash: string) => seals.seal('emailed-link', userId, kind, tokenHash);

const MAIL: Record<PasswordLinkPurpose, { subject: string; intro: string }> = {
  'new-user': {
    subject: 'Your IFU Portal account: set your password',
    intro: 'An administrator created an IFU Portal account for you. Set your password with this link:',
  },
  reset: {
    subject: 'IFU Portal: set a new password',
    intro: 'Someone (hopefully you) asked to set a new password for your IFU Portal account. Use this link:',
  },
  expired: {
    subject: 'IFU Portal: your password has expired',
    intro: 'Your IFU Portal password is older than 90 days and has expired. Set a new one with this link:',
  },
  reactivated: {
    subject: 'IFU Portal: your account is active again, set a new password',
    intro: 'An administrator reactivated your IFU Portal account. Your previous password no longer works. Set a new one with this link:',
  },
};

/**
 * A step of a command: emails a set-password link when the credentials decider issues one (an active account, no link in
 * the last minute). The token is random, stored only as its hash, single-use and valid 24 hours; older unused links
 * of the same user stop working. Returns whether a mail went out.
 */
export async function issuePasswordLink(ctx: AppContext, run: CommandRun, userId: string, purpose: PasswordLinkPurpose): Promise<boolean> {
  const token = newLinkToken();
  const tokenSeal = linkSeal(ctx.seals, userId, 'set-password', token);
  const { events, account: state, credentials } = await onCredentials(run, userId, { type: 'IssuePasswordLink', purpose, tokenSeal });
  const issued = events.find((event) => event.type === 'PasswordLinkIssued');
  if (!issued) return false;
  await storeLinkToken(ctx, run, token, userId, purpose, issued.data.expiresAt);
  const link = `${ctx.config.PUBLIC_ADMIN_URL}/user/setpassword/${token}`;
  // A first-password link for an account whose password a reactivation revoked (the login's email step asks for one)
  // says that the account was reactivated, not created.
  const { subject, intro } = MAIL[purpose === 'new-user' && credentials.passwordRevoked ? 'reactivated' : purpose];
  await ctx.mailer.send({
    to: state.email,
    subject,
    text: [
      `Hello ${state.firstName} ${state.lastName},`,
      '',
      intro,
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not expect this message, you can ignore it.',
      '',
      'IFU Portal',
    ].join('\n'),
  });
  return true;
}

/** What a token opens: setting a password, or lifting a lock. A token only works for its own purpose. */
export const SET_PASSWORD_PURPOSES: readonly string[] = ['new-user', 'reset', 'expired', 'reactivated'];
export const UNLOCK_PURPOSES: readonly string[] = ['unlock'];

/**
 * Stores a new emailed token of `purpose` (only its hash) that is not sealed in the log (an identity change's); older
 * unused tokens of the `voids` purposes stop working.
 */
export async function storeToken(ctx: AppContext, token: string, userId: string, purpose: string, voids: readonly string[], now: Date, expiresAt: string): Promise<string> {
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE password_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND purpose = ANY($3)', [userId, now.toISOString(), voids]);
    await tx.query(
      'INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [hashToken(token), userId, purpose, now.toISOString(), expiresAt],
    );
  });
  return token;
}

/**
 * Stores the token of a set-password or unlock link the log has just issued (only its hash). The rows of these links
 * follow the log (`followTheLog`): whatever link the log replaced is voided by the step that replaced it, and the new
 * row is followed once more after it is written, in case a step closed this link before its row existed.
 */
export async function storeLinkToken(ctx: Pick<AppContext, 'db' | 'seals' | 'store'>, run: CommandRun, token: string, userId: string, purpose: string, expiresAt: string): Promise<void> {
  await ctx.db.query('INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    hashToken(token),
    userId,
    purpose,
    run.now.toISOString(),
    expiresAt,
  ]);
  await followTheLog(ctx, run.now, userId);
}

/** The user a valid, unused, unexpired token of one of `purposes` belongs to, or undefined. Does not use it up. */
export async function findTokenUser(ctx: AppContext, token: string, now: Date, purposes: readonly string[] = SET_PASSWORD_PURPOSES): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    'SELECT user_id FROM password_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 AND purpose = ANY($3)',
    [hashToken(token), now.toISOString(), purposes],
  );
  return rows[0]?.user_id;
}

/** Uses an identity change's token up; false when it was already used (two submissions racing). */
export async function consumeToken(ctx: AppContext, token: string, now: Date, purposes: readonly string[]): Promise<boolean> {
  const result = await ctx.db.query(
    'UPDATE password_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 AND purpose = ANY($3)',
    [hashToken(token), now.toISOString(), purposes],
  );
  return result.rowCount === 1;
}

/** The tokens whose links the log seals: the set-password and unlock links. */
const SEALED_PURPOSES: readonly string[] = [...SET_PASSWORD_PURPOSES, ...UNLOCK_PURPOSES];

/** The credential events after which the log may have closed or replaced an emailed link. */
const LINK_EVENTS: ReadonlySet<string> = new Set(['PasswordLinkIssued', 'PasswordSet', 'UnlockLinkIssued', 'AccountUnlocked', 'EmailedLinksClosed']);

type LinkRows = { db: Queryable; seals: Seals; store: EventStore };

/**
 * The log decides whether a set-password or unlock link works; the `password_tokens` table only finds the account a
 * token is for, and follows the log: each unused row of a link the log issued and no longer has open (used, replaced
 * by a newer one, closed by a password set some other way, by an unlock, a change of address or a reactivation) is
 * voided. A row of a link the log never issued is left as it is (it never works): it was written behind the
 * product's back, and audit:verify names it. The rows are read before the log: a row written after that reading is
 * left alone (its own writer follows the log after writing it), and the link of one written before it is in the log
 * read next. Returns how many rows it voided. Idempotent.
 */
export async function followTheLog(ctx: LinkRows, now: Date, userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ token_hash: string; purpose: string }>(
    'SELECT token_hash, purpose FROM password_tokens WHERE user_id = $1 AND used_at IS NULL AND purpose = ANY($2)',
    [userId, SEALED_PURPOSES],
  );
  if (rows.length === 0) return 0;
  const events = (await ctx.store.readStream(credentialsStreamId(userId)))
    .filter((event) => event.type !== QUARANTINED_EVENT_TYPE) // a quarantined event opened or closed nothing
    .map((event) => ({ type: event.type, data: event.data }) as UserEvent);
  const issued = new Set(events.flatMap((event) => (event.type === 'PasswordLinkIssued' || event.type === 'UnlockLinkIssued') && event.data.tokenSeal ? [event.data.tokenSeal] : []));
  const state = foldUser(events);
  const closed = rows.filter((row) => {
    const unlock = UNLOCK_PURPOSES.includes(row.purpose);
    const seal = tokenHashSeal(ctx.seals, userId, unlock ? 'unlock' : 'set-password', row.token_hash);
    return issued.has(seal) && (unlock ? state.unlockLink : state.passwordLink)?.tokenSeal !== seal;
  });
  if (closed.length === 0) return 0;
  await ctx.db.query('UPDATE password_tokens SET used_at = $2 WHERE token_hash = ANY($1) AND used_at IS NULL', [closed.map((row) => row.token_hash), now.toISOString()]);
  return closed.length;
}

/**
 * The pipeline's follow-up (platform/command-pipeline.ts) that keeps the link rows in step with the log: after every
 * step that appended a credentials event which may close a link, whichever command or route appended it.
 */
export const linkRowsFollowTheLog =
  (ctx: LinkRows): AppendFollower =>
  async (run, stream, events) => {
    const prefix = credentialsStreamId('');
    if (stream.startsWith(prefix) && events.some((event) => LINK_EVENTS.has(event.type))) await followTheLog(ctx, run.now, stream.slice(prefix.length));
  };

/**
 * At start-up: every user with a usable link row follows the log once, so that a row a stop left between a step's
 * append and its follow-up is voided (audit:verify would name it). Returns how many rows it voided.
 */
export async function followTheLogForAll(ctx: LinkRows, now: Date): Promise<number> {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    'SELECT DISTINCT user_id FROM password_tokens WHERE used_at IS NULL AND expires_at > $1 AND purpose = ANY($2) ORDER BY user_id',
    [now.toISOString(), SEALED_PURPOSES],
  );
  let voided = 0;
  for (const { user_id: userId } of rows) voided += await followTheLog(ctx, now, userId);
  return voided;
}
