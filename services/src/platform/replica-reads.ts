import type { Request } from 'express';
import { type Database, QUERY_CANCELED, type Queryable, type QueryResult, withStatementTimeout } from '@ifu/storage/database/database';
import type { Actor } from '@ifu/storage/event-store/event-store';
import type { Logger } from './logger';

/**
 * Where a request's searches, lists and public pages read (`DATABASE_READ_URL`). Commands, and the reads a
 * command decides from, always use the primary (`ctx.db`); only the routes that answer a search, a list or a public
 * page ask here.
 */
export interface ReadRouting {
  /**
   * The database this request reads from: the replica, unless the signed-in caller wrote something the replica has
   * not replayed yet, or the replica is failing; then the primary.
   */
  for(req: Pick<Request, 'auth'>): Promise<Database>;
  /** After `actor`'s command has settled (its events and the read models it waited for are committed). */
  written(actor: Actor): Promise<void>;
  close(): Promise<void>;
}

/** No replica: every read is the primary's, and nothing needs remembering. */
export const primaryReads = (primary: Database): ReadRouting => ({
  for: async () => primary,
  written: async () => {},
  close: async () => {},
});

/** A WAL position ('16/B374D848') as a number that compares as PostgreSQL's pg_lsn does. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * Records the primary's WAL position now as the user's last write, never moving it back. The insert position (not
 * the write position) covers every commit before it even with asynchronous commit: the replica is asked to have
 * replayed at least that far.
 */
export async function rememberWritePosition(primary: Queryable, userId: string): Promise<void> {
  await primary.query(
    `INSERT INTO user_write_positions (user_id, wal_lsn, written_at) VALUES ($1, pg_current_wal_insert_lsn(), now())
     ON CONFLICT (user_id) DO UPDATE SET wal_lsn = GREATEST(user_write_positions.wal_lsn, EXCLUDED.wal_lsn), written_at = EXCLUDED.written_at`,
    [userId],
  );
}

/** The user's last write position, or undefined when they never wrote (as far as this table remembers). */
export async function writePositionOf(primary: Queryable, userId: string): Promise<bigint | undefined> {
  const { rows } = await primary.query<{ lsn: string }>('SELECT wal_lsn::text AS lsn FROM user_write_positions WHERE user_id = $1', [userId]);
  return rows[0] ? parseLsn(rows[0].lsn) : undefined;
}

const NODE_SYSTEM_ERROR = /^E[A-Z]+$/;
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** pg's own words when a connection breaks or cannot be made (no code). */
const LOST_CONNECTION = /connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i;
/**
 * Server answers that say the replica, not the statement, failed: connection exceptions (08), too many connections or
 * no memory (53), shutting down or not accepting connections (57, but 57014 is the statement's own time limit),
 * system and internal errors (58, XX), and a query cancelled by a conflict with recovery (40001, 40P01).
 */
const REPLICA_CLASSES = new Set(['08', '53', '57', '58', 'XX']);

/**
 * Whether an error of a read on the replica is the replica's (down, restarting, overloaded, cancelled by replay), so
 * that the same read on the primary may succeed; a fault of the statement itself (or a refusal thrown from inside a
 * transaction's work) would fail there too and is not.
 */
export function isReplicaFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && SQLSTATE.test(code)) {
    if (code === QUERY_CANCELED) return false;
    return REPLICA_CLASSES.has(code.slice(0, 2)) || code === '40001' || code === '40P01';
  }
  if (typeof code === 'string' && NODE_SYSTEM_ERROR.test(code)) return true;
  return code === undefined && typeof message === 'string' && LOST_CONNECTION.test(message);
}

/** The replica's replay position is re-read at most this often for callers it does not yet satisfy. */
const REPLAY_POSITION_MAX_AGE_MS = 5;
/** After a replica failure, reads go to the primary for this long before the replica is tried again. */
export const REPLICA_RETRY_AFTER_MS = 5000;

export interface ReplicaReadsOptions {
  primary: Database;
  replica: Database;
  logger: Logger;
  /** Milliseconds, for the replay position's age and the pause after a failure. */
  now?: () => number;
}

/**
 * Reads from a streaming replica with read-your-writes for signed-in users (docs/architecture.md, "Replica reads").
 * A user's last write position lives in the primary's `user_write_positions`, so whichever API instance answers their
 * next request knows it; their reads go to the replica once `pg_last_wal_replay_lsn()` there has reached it. Anonymous
 * reads go to the replica. A replica that fails is not asked for a while: its reads are answered by the primary.
 */
export class ReplicaReads implements ReadRouting {
  private readonly primary: Database;
  private readonly replica: Database;
  /** The replica's reads, each retried on the primary when the replica fails. */
  private readonly replicaOrPrimary: Database;
  private readonly logger: Logger;
  private readonly now: () => number;
  /** The replica's replay position when last read; it only grows, so an old value is at worst too low. */
  private replayed: { lsn: bigint | undefined; at: number } | undefined;
  private reading: Promise<bigint | undefined> | undefined;
  /** Until when the replica is not asked, after a failure; 0 while it answers. */
  private failingUntil = 0;
  private failing = false;

  constructor(options: ReplicaReadsOptions) {
    this.primary = options.primary;
    this.replica = options.replica;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.replicaOrPrimary = fallingBack(this.replica, this.primary, (error) => this.failed(error), () => this.answered());
  }

  /** Says at start-up whether the replica answers and is a standby; a replica down now is not a reason not to start. */
  async check(): Promise<void> {
    try {
      const { rows } = await this.replica.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      if (!rows[0]?.standby) {
        this.logger.warn({ replica: this.replica.description }, 'DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false): signed-in users who wrote will read the primary; anonymous reads read this server');
      }
    } catch (error) {
      this.failed(error);
    }
  }

  async for(req: Pick<Request, 'auth'>): Promise<Database> {
    if (this.now() < this.failingUntil) return this.primary;
    const userId = req.auth?.userId;
    if (userId === undefined) return this.replicaOrPrimary;
    const written = await writePositionOf(this.primary, userId);
    if (written === undefined) return this.replicaOrPrimary;
    const replayed = await this.replayPosition(written);
    return replayed !== undefined && replayed >= written ? this.replicaOrPrimary : this.primary;
  }

  async written(actor: Actor): Promise<void> {
    if (actor.type !== 'user') return;
    try {
      await rememberWritePosition(this.primary, actor.userId);
    } catch (err) {
      // The command is recorded and its answer must not say otherwise; this user may read the replica too early.
      this.logger.error({ err, userId: actor.userId }, 'the write position of a command was not recorded: the user may not see it on the replica at once');
    }
  }

  async close(): Promise<void> {
    await this.replica.close();
  }

  /** The replay position, read again unless the last reading already reaches `needed` or is only a few ms old. */
  private async replayPosition(needed: bigint): Promise<bigint | undefined> {
    const last = this.replayed;
    if (last?.lsn !== undefined && last.lsn >= needed) return last.lsn;
    if (last && this.now() - last.at < REPLAY_POSITION_MAX_AGE_MS) return last.lsn;
    this.reading ??= this.readReplayPosition().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readReplayPosition(): Promise<bigint | undefined> {
    try {
      // NULL on a server that is not a standby: no position to compare with, so such a user reads the primary.
      const { rows } = await this.replica.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      const lsn = rows[0]?.lsn ? parseLsn(rows[0].lsn) : undefined;
      this.replayed = { lsn, at: this.now() };
      this.answered();
      return lsn;
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.failed(error);
      return undefined;
    }
  }

  private failed(error: unknown): void {
    this.failingUntil = this.now() + REPLICA_RETRY_AFTER_MS;
    if (this.failing) return;
    this.failing = true;
    const { code, message } = error as { code?: unknown; message?: unknown };
    this.logger.warn({ replica: this.replica.description, code, reason: message }, `replica reads failed: the primary answers them, the replica is tried again in ${REPLICA_RETRY_AFTER_MS / 1000} s`);
  }

  private answered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.logger.info({ replica: this.replica.description }, 'replica reads answer again');
  }
}

/** `replica` whose every read that fails because of the replica (`isReplicaFailure`) is done again on `primary`. */
function fallingBack(replica: Database, primary: Database, failed: (error: unknown) => void, answered: () => void): Database {
  const attempt = async <T>(onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await onReplica();
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      failed(error);
      return onPrimary();
    }
    answered();
    return result;
  };
  return {
    kind: 'postgres',
    description: `${replica.description} (replica; the primary when it fails)`,
    query: <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> =>
      attempt(() => replica.query<Row>(sql, params), () => primary.query<Row>(sql, params)),
    queryPrepared: <Row>(name: string, sql: string, params: readonly unknown[]): Promise<QueryResult<Row>> =>
      attempt(
        () => (replica.queryPrepared ? replica.queryPrepared<Row>(name, sql, params) : replica.query<Row>(sql, params)),
        () => (primary.queryPrepared ? primary.queryPrepared<Row>(name, sql, params) : primary.query<Row>(sql, params)),
      ),
    exec: (sql: string) => attempt(() => replica.exec(sql), () => primary.exec(sql)),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => attempt(() => replica.transaction(work), () => primary.transaction(work)),
    bounded: (timeoutMs: number): Queryable => {
      const on = (db: Database) => <Row>(sql: string, params?: readonly unknown[]) => withStatementTimeout(db, timeoutMs, (bounded) => bounded.query<Row>(sql, params));
      return {
        query: <Row>(sql: string, params?: readonly unknown[]) => attempt(() => on(replica)<Row>(sql, params), () => on(primary)<Row>(sql, params)),
        exec: (sql: string) => attempt(() => withStatementTimeout(replica, timeoutMs, (b) => b.exec(sql)), () => withStatementTimeout(primary, timeoutMs, (b) => b.exec(sql))),
      };
    },
    // The pools are the primary's and the replica's own, closed by their owners.
    close: async () => {},
  };
}
