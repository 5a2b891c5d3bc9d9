import { SESSION_INACTIVITY_MS } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';

/**
 * Session activity is written at most this often; between writes this process remembers it. Short enough that
 * behind a load balancer, where a user's requests alternate between instances, another instance sees their activity
 * at most 15 s late (a session idle for 9 m 45 s may end there; 10 minutes is the rule, spec §9).
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 15_000;

export async function createSession(db: Queryable, sessionId: string, userId: string, now: Date): Promise<void> {
  await db.query('INSERT INTO sessions (id, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    sessionId,
    userId,
    now.toISOString(),
  ]);
}

interface SessionRow {
  user_id: string;
  last_seen_at: Date | string;
  stream_version?: number | null;
}

/** A live session: its account, and (where the log is in this database) that account's stream version now. */
export interface ResumedSession<T = undefined> {
  userId: string;
  /** The newest version of the account's `user-<id>` stream, read from `events` in the same statement. */
  accountVersion?: number;
  /** What the request's own read (`SessionCompanion`) answered, read in the same statement. */
  companion?: T;
}

/**
 * A request's own read of at most one row by key, made in the session's statement so that the request costs one round
 * trip instead of two. Its row is joined to the session's: an ended session answers none of it, and nothing of it
 * is used before every check of the session and the account has passed.
 */
export interface SessionCompanion<T> {
  /** Names the prepared statement together with the session's: one name for each `sql`. */
  name: string;
  /** A SELECT of at most one row, its one parameter written as `param`; no column named as the session's. */
  sql: (param: string) => string;
  param: unknown;
  /** The answer from the joined row's columns (all null when the SELECT found no row). */
  read: (row: Record<string, unknown>) => T;
}

/**
 * Server-side sessions behind the bearer tokens (architecture §6). A session names its account only: who the account
 * is now comes from the log (`AccountsFromLog`). Its activity is written to the database at most every 15 s, and
 * this process keeps the newer times in memory, so the 10-minute inactivity limit (spec §9) stays exact here. Another
 * API process sees activity at most 15 s late, so there a session may end up to 15 s early.
 */
export class SessionActivity {
  private readonly lastSeen = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    /** The event log is this database's `events` table (not EventStoreDB): the account's version comes with the session. */
    private readonly logInDatabase = false,
  ) {}

  /**
   * The session's account, or undefined when the session is over (revoked, unknown, idle). With the log in this
   * database, the version of `accountStream` comes in the same round trip, so that an account folded before is known
   * to be current without reading its stream; so does the `companion` read, when given.
   */
  async resume<T = undefined>(sessionId: string, now: Date, accountStream?: string, companion?: SessionCompanion<T>): Promise<ResumedSession<T> | undefined> {
    const probe = this.logInDatabase && accountStream !== undefined;
    const [base, columns, params] = probe
      ? ([
          'ifu_session_resume_with_version',
          's.user_id, s.last_seen_at, (SELECT max(e.stream_version) FROM events e WHERE e.stream_id = $2) AS stream_version',
          [sessionId, accountStream],
        ] as const)
      : (['ifu_session_resume', 's.user_id, s.last_seen_at', [sessionId]] as const);
    const [name, sql, allParams]: [string, string, readonly unknown[]] = companion
      ? [
          `${base}_${companion.name}`,
          `SELECT ${columns}, companion.* FROM sessions s LEFT JOIN (${companion.sql(`$${params.length + 1}`)}) companion ON true
            WHERE s.id = $1 AND s.revoked_at IS NULL`,
          [...params, companion.param],
        ]
      : [base, `SELECT ${columns} FROM sessions s WHERE s.id = $1 AND s.revoked_at IS NULL`, params];
    // Every authenticated request runs it: prepared once per connection where the driver can (pg), not parsed and
    // planned each time.
    const { rows } = this.db.queryPrepared
      ? await this.db.queryPrepared<SessionRow>(name, sql, allParams)
      : await this.db.query<SessionRow>(sql, allParams);
    const row = rows[0];
    if (!row) {
      this.lastSeen.delete(sessionId);
      return undefined;
    }
    const written = new Date(row.last_seen_at).getTime();
    const seen = Math.max(written, this.lastSeen.get(sessionId) ?? 0);
    if (now.getTime() - seen >= SESSION_INACTIVITY_MS) {
      this.lastSeen.delete(sessionId);
      await revokeSession(this.db, sessionId, now, 'inactivity');
      return undefined;
    }
    this.remember(sessionId, now.getTime());
    if (now.getTime() - written >= ACTIVITY_WRITE_INTERVAL_MS) {
      await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [sessionId, now.toISOString()]);
    }
    return {
      userId: row.user_id,
      ...(probe ? { accountVersion: Number(row.stream_version ?? 0) } : {}),
      ...(companion ? { companion: companion.read(row as unknown as Record<string, unknown>) } : {}),
    };
  }

  private remember(sessionId: string, at: number): void {
    this.lastSeen.set(sessionId, at);
    // Forget sessions idle past the limit: the database decides about them again.
    if (this.lastSeen.size > 10_000) {
      for (const [id, seen] of this.lastSeen) if (at - seen > SESSION_INACTIVITY_MS) this.lastSeen.delete(id);
    }
  }
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date, reason: string): Promise<boolean> {
  const result = await db.query('UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    now.toISOString(),
    reason,
  ]);
  return result.rowCount > 0;
}

/** Ends every open session of a user at once (deactivation, a password set through a link). */
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
