import { createHash, randomBytes } from 'node:crypto';
import { type UserEvent, userStreamId } from '@ifu/contracts';
import type { EventMetadata } from '@ifu/storage/event-store/event-store';
import type { UserAccount } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';

export type PasswordLinkPurpose = 'new-user' | 'reset' | 'expired';

const LINK_LIFETIME_MS = 24 * 60 * 60_000;
/** A second request within this time sends no second mail (the first link still works). */
const RESEND_AFTER_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
};

/**
 * Emails a set-password link: a random token, stored only as its hash, single-use, valid 24 hours; older unused
 * links of the same user stop working. Returns false when a link was sent less than a minute ago (no second mail).
 */
export async function issuePasswordLink(
  ctx: AppContext,
  user: Pick<UserAccount, 'id' | 'email' | 'firstName' | 'lastName'>,
  purpose: PasswordLinkPurpose,
  metadata: EventMetadata,
): Promise<{ sent: boolean; lastPosition: number }> {
  const now = ctx.clock();
  const recent = await ctx.db.query(
    'SELECT 1 FROM password_tokens WHERE user_id = $1 AND used_at IS NULL AND created_at > $2',
    [user.id, new Date(now.getTime() - RESEND_AFTER_MS).toISOString()],
  );
  if (recent.rowCount > 0) return { sent: false, lastPosition: 0 };

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS).toISOString();
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE password_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now.toISOString()]);
    await tx.query(
      'INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [hashToken(token), user.id, purpose, now.toISOString(), expiresAt],
    );
  });
  const event: UserEvent = { type: 'PasswordLinkIssued', data: { userId: user.id, purpose, expiresAt } };
  const appended = await ctx.store.append(userStreamId(user.id), [{ ...event, metadata }], 'any');

  const link = `${ctx.config.PUBLIC_ADMIN_URL}/user/setpassword/${token}`;
  const { subject, intro } = MAIL[purpose];
  await ctx.mailer.send({
    to: user.email,
    subject,
    text: [
      `Hello ${user.firstName} ${user.lastName},`,
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
  return { sent: true, lastPosition: appended.lastPosition };
}

/** The user a valid, unused, unexpired token belongs to, or undefined. Does not use the token up. */
export async function findTokenUser(ctx: AppContext, token: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    'SELECT user_id FROM password_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [hashToken(token), ctx.clock().toISOString()],
  );
  return rows[0]?.user_id;
}

/** Uses a token up; false when it was already used (two submissions racing). */
export async function consumeToken(ctx: AppContext, token: string): Promise<boolean> {
  const result = await ctx.db.query(
    'UPDATE password_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [hashToken(token), ctx.clock().toISOString()],
  );
  return result.rowCount === 1;
}
