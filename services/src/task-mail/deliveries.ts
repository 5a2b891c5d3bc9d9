import type { Queryable } from '@ifu/storage/database/database';
import { type Audience, TASK_MAIL_KINDS, type TaskMail } from './mails';
import { renderTaskMail } from './render';

/*
 * The table of deliveries (task_mail_deliveries): every mail decided, keyed by what brought it and its recipient, and
 * what became of it. Written with the reactor's checkpoint; the sender moves each row on once the mail server has
 * answered.
 */

export type DeliveryStatus = 'pending' | 'held' | 'in-digest' | 'sent' | 'skipped' | 'failed';

/** The digest's own kind and audience (any active account gets it). */
export const DIGEST_KIND = 'daily-digest';
export const DIGEST_AUDIENCE = 'digest';

export interface DeliveryRow {
  key: string;
  recipient_id: string;
  kind: string;
  audience: Audience | typeof DIGEST_AUDIENCE;
  subject: string;
  body: string;
  link: string;
  created_at: string;
}

/** The rows of decided mails, worded now (the greeting is added when each is sent). */
export function deliveryRows(mails: ReadonlyArray<{ mail: TaskMail; at: string }>, adminUrl: string): DeliveryRow[] {
  return mails.map(({ mail, at }) => {
    const { subject, body, link } = renderTaskMail(mail, adminUrl);
    return { key: mail.key, recipient_id: mail.to, kind: mail.kind, audience: TASK_MAIL_KINDS[mail.kind].audience, subject, body, link, created_at: at };
  });
}

/** Records the rows as pending; a key already recorded stays as it is. Answers how many were new. */
export async function recordDeliveries(tx: Queryable, rows: readonly DeliveryRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await tx.query(
    `INSERT INTO task_mail_deliveries (key, recipient_id, kind, audience, subject, body, link, created_at)
     SELECT key, recipient_id, kind, audience, subject, body, link, created_at
       FROM jsonb_populate_recordset(NULL::task_mail_deliveries, $1::jsonb)
     ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  return result.rowCount ?? 0;
}

/** A delivery waiting to be sent. */
export interface PendingDelivery {
  key: string;
  recipient_id: string;
  audience: string;
  subject: string;
  body: string;
  attempts: number;
}

export async function pendingDeliveries(db: Queryable, limit: number): Promise<PendingDelivery[]> {
  const { rows } = await db.query<PendingDelivery>(
    `SELECT key, recipient_id, audience, subject, body, attempts FROM task_mail_deliveries WHERE status = 'pending' ORDER BY created_at, key LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Moves a pending delivery on (sent, skipped, failed), or counts a refused attempt (it stays pending). */
export async function settleDelivery(
  db: Queryable,
  key: string,
  outcome: { status: 'sent' | 'skipped' | 'failed' | 'pending'; at: Date; note?: string; attempted?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE task_mail_deliveries
        SET status = $2, note = $3, attempts = attempts + $4, sent_at = CASE WHEN $2 = 'sent' THEN $5::timestamptz ELSE sent_at END
      WHERE key = $1 AND status = 'pending'`,
    [key, outcome.status, outcome.note ?? null, outcome.attempted ? 1 : 0, outcome.at.toISOString()],
  );
}

/** The pending mails of these recipients (who chose a daily digest) are held for it; a digest is never held. How many. */
export async function holdForDigests(db: Queryable, recipientIds: readonly string[]): Promise<number> {
  if (recipientIds.length === 0) return 0;
  const result = await db.query(
    `UPDATE task_mail_deliveries SET status = 'held' WHERE status = 'pending' AND kind <> '${DIGEST_KIND}' AND recipient_id = ANY($1)`,
    [recipientIds],
  );
  return result.rowCount ?? 0;
}

export interface HeldDelivery {
  key: string;
  recipient_id: string;
  audience: string;
  subject: string;
  link: string;
}

/** The held mails recorded before `before`, per recipient and oldest first. */
export async function heldBefore(db: Queryable, before: Date): Promise<HeldDelivery[]> {
  const { rows } = await db.query<HeldDelivery>(
    `SELECT key, recipient_id, audience, subject, link FROM task_mail_deliveries
      WHERE status = 'held' AND created_at < $1
      ORDER BY recipient_id, created_at, key`,
    [before.toISOString()],
  );
  return rows;
}
