import { SESSION_INACTIVITY_MS } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';

export async function createSession(db: Queryable, sessionId: string, userId: string, now: Date): Promise<void> {
  await db.query('INSERT INTO sessions (id, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    sessionId,
    userId,
    now.toISOString(),
  ]);
}

/**
 * Marks the session as used now and returns its user, or nothing when the session is revoked, unknown or has
 * been idle for 10 minutes (spec §9: 600000 ms), in which case it is revoked for good.
 */
export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<string | undefined> {
  const idleSince = new Date(now.getTime() - SESSION_INACTIVITY_MS).toISOString();
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE sessions SET last_seen_at = $2
      WHERE id = $1 AND revoked_at IS NULL AND last_seen_at > $3
      RETURNING user_id`,
    [sessionId, now.toISOString(), idleSince],
  );
  if (rows[0]) return rows[0].user_id;
  await db.query(
    `UPDATE sessions SET revoked_at = $2, revoke_reason = 'inactivity'
      WHERE id = $1 AND revoked_at IS NULL AND last_seen_at <= $3`,
    [sessionId, now.toISOString(), idleSince],
  );
  return undefined;
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date, reason: string): Promise<boolean> {
  const result = await db.query('UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    now.toISOString(),
    reason,
  ]);
  return result.rowCount > 0;
}

/** Ends every open session of a user at once (deactivation). */
export async function revokeUserSessions(db: Queryable, userId: string, now: Date, reason: string): Promise<number> {
  const result = await db.query(
    'UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, now.toISOString(), reason],
  );
  return result.rowCount;
}

/** Ends every open session of a user except the one making the request (password change). */
export async function revokeOtherSessions(db: Queryable, userId: string, keepSessionId: string, now: Date, reason: string): Promise<number> {
  const result = await db.query(
    'UPDATE sessions SET revoked_at = $3, revoke_reason = $4 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL',
    [userId, keepSessionId, now.toISOString(), reason],
  );
  return result.rowCount;
}
