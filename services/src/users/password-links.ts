import { createHash, randomBytes } from 'node:crypto';
import type { PasswordLinkPurpose } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { AppContext } from '../platform/app-context';
import type { Seals } from '../platform/seals';
import type { CommandRun } from '../platform/command-pipeline';
import { onCredentials } from '../auth/credentials';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new emailed link's token: 32 random bytes. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/**
 * The seal of an emailed link's token, as the event that issued the link carries it (issue 19, finding 2): the
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
  await storeToken(ctx, token, userId, purpose, SET_PASSWORD_PURPOSES, run.now, issued.data.expiresAt);
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

/** Stores a new emailed token of `purpose` (only its hash); older unused tokens of the same purposes stop working. */
export async function storeToken(ctx: AppContext, token: string, userId: string, purpose: string, voids: readonly string[], now: Date, expiresAt: string): Promise<string> {
  await ctx.db.transaction(async (tx) => {
    await voidTokens({ db: tx }, userId, voids, now);
    await tx.query(
      'INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [hashToken(token), userId, purpose, now.toISOString(), expiresAt],
    );
  });
  return token;
}

/** The user a valid, unused, unexpired token of one of `purposes` belongs to, or undefined. Does not use it up. */
export async function findTokenUser(ctx: AppContext, token: string, now: Date, purposes: readonly string[] = SET_PASSWORD_PURPOSES): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    'SELECT user_id FROM password_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 AND purpose = ANY($3)',
    [hashToken(token), now.toISOString(), purposes],
  );
  return rows[0]?.user_id;
}

/** Uses a token up; false when it was already used (two submissions racing). */
export async function consumeToken(ctx: AppContext, token: string, now: Date, purposes: readonly string[] = SET_PASSWORD_PURPOSES): Promise<boolean> {
  const result = await ctx.db.query(
    'UPDATE password_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 AND purpose = ANY($3)',
    [hashToken(token), now.toISOString(), purposes],
  );
  return result.rowCount === 1;
}

/** Voids every unused token of `purposes` of a user (the address they were mailed to is not the account's any more). */
export async function voidTokens(ctx: { db: Queryable }, userId: string, purposes: readonly string[], now: Date): Promise<void> {
  await ctx.db.query('UPDATE password_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND purpose = ANY($3)', [userId, now.toISOString(), purposes]);
}
