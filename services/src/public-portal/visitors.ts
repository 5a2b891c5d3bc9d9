import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '@ifu/storage/database/database';
import { forgetAddressInOutbox } from '../mail';

/**
 * Public visitors' personal data and the immutable log: an event names a visitor by a random id and holds
 * their email only sealed (AES-256-GCM) under that visitor's own key, kept in `visitor_keys` outside the log. Forgetting
 * a visitor deletes the key: the events stay byte for byte as they were (the chain verifies), and nothing can read
 * the email any more. No visitor's IP address is kept in an event (the pipeline's metadata gets null for it).
 */

export interface Visitor {
  visitorId: string;
  key: Buffer;
}

const digestKey = (linkSecret: string) => createHmac('sha256', linkSecret).update('ifu visitor email digest v1').digest();
/** The lookup key of an address: an HMAC, so the table never holds the address itself. */
export const emailDigest = (linkSecret: string, email: string) => createHmac('sha256', digestKey(linkSecret)).update(email.trim().toLowerCase()).digest('base64url');

/** The visitor of this address, made on first use (two requests at once get the same one). */
export async function visitorFor(db: Queryable, linkSecret: string, email: string): Promise<Visitor> {
  const digest = emailDigest(linkSecret, email);
  await db.query('INSERT INTO visitor_keys (visitor_id, email_digest, key) VALUES ($1, $2, $3) ON CONFLICT (email_digest) DO NOTHING', [
    randomUUID(),
    digest,
    randomBytes(32),
  ]);
  const { rows } = await db.query<{ visitor_id: string; key: Buffer }>('SELECT visitor_id, key FROM visitor_keys WHERE email_digest = $1', [digest]);
  const row = rows[0]!;
  return { visitorId: row.visitor_id, key: Buffer.from(row.key) };
}

/** The keys of these visitors that still exist (a forgotten visitor has none). */
export async function visitorKeys(db: Queryable, visitorIds: readonly string[]): Promise<Map<string, Buffer>> {
  if (visitorIds.length === 0) return new Map();
  const { rows } = await db.query<{ visitor_id: string; key: Buffer }>('SELECT visitor_id, key FROM visitor_keys WHERE visitor_id = ANY($1)', [[...visitorIds]]);
  return new Map(rows.map((row) => [row.visitor_id, Buffer.from(row.key)]));
}

/** Deletes the visitor's key; how many were deleted (0: unknown address, or forgotten before). */
export async function forgetVisitor(db: Queryable, linkSecret: string, email: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM visitor_keys WHERE email_digest = $1', [emailDigest(linkSecret, email)]);
  return rowCount ?? 0;
}

/**
 * `npm run visitor:forget`: the visitor's key deleted (the log's events about them can no longer be read) and every
 * message in the mail outbox that names their address deleted (mail to them, a contact message they sent, a digest
 * listing them). Mail already handed to an SMTP server is outside the product's reach.
 */
export async function forgetVisitorEverywhere(
  ctx: { db: Queryable; linkSecret: string; outboxDir: string },
  email: string,
): Promise<{ keys: number; mails: number }> {
  const keys = await forgetVisitor(ctx.db, ctx.linkSecret, email);
  const mails = await forgetAddressInOutbox(ctx.outboxDir, email.trim());
  return { keys, mails };
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url): the email as an event keeps it. */
export function sealEmail(key: Buffer, email: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(email, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The sealed email, or undefined when the key is not this one or the text is not a sealed email. */
export function openEmail(key: Buffer, sealed: string): string | undefined {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || body === undefined || !tag) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
