import { createHash } from 'node:crypto';
import type { Database, Queryable, Session } from '@ifu/storage/database/database';

/**
 * Who runs each projection when several processes could (projection workers, API instances with RUN_PROJECTIONS):
 * exactly one at a time, the leader; the others stand by and try again.
 */
export interface Election {
  /** Tries to lead each of `names` not led yet; answers the names this process leads now. */
  campaign(names: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Inside a batch's transaction, with the checkpoint row locked: whether this process still leads `name` in the
   * database, so a leader whose lead has just gone never commits another batch.
   */
  stillLeads(tx: Queryable, name: string): Promise<boolean>;
  /** Told at once when every lead is lost without being given up (the lock connection broke). */
  onLost(listener: () => void): () => void;
  /** Gives every lead up (a standby takes over at its next try). */
  close(): Promise<void>;
}

/** The first key of every leader lock: the projections' own space of advisory locks (migrations use 7262001). */
export const LEADER_LOCK_SPACE = 7262021;

/** The second key: the projection's name in the schema it works in (tests share one database, a schema each). */
export function leaderLockKey(schema: string, projection: string): number {
  return createHash('sha256').update(`${schema}\0${projection}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/**
 * The election on a PostgreSQL server: a projection's leader holds a session-level advisory lock for it on a
 * connection of its own, kept while it leads. The lock dies with that connection: a process killed (`kill -9`) has its
 * socket closed by the kernel, its backend exits and the lock is free for a standby's next `pg_try_advisory_lock`.
 */
export class AdvisoryLockElection implements Election {
  private session?: Session;
  private opening?: Promise<Session>;
  private backend?: { pid: number; schema: string };
  private readonly held = new Set<string>();
  private readonly lostListeners = new Set<() => void>();
  private closed = false;

  constructor(private readonly db: Database) {
    if (!db.openSession) throw new Error('an election needs a PostgreSQL server (the embedded database has one process)');
  }

  async campaign(names: readonly string[]): Promise<ReadonlySet<string>> {
    if (this.closed) return this.held;
    const session = await this.connected();
    const { pid, schema } = this.backend!;
    for (const name of names) {
      if (this.held.has(name)) continue;
      const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        LEADER_LOCK_SPACE,
        leaderLockKey(schema, name),
      ]);
      // The connection may have broken during the query: a lock it took went with it.
      if (rows[0]?.locked && this.session === session && this.backend?.pid === pid) this.held.add(name);
    }
    return new Set(this.held);
  }

  async stillLeads(tx: Queryable, name: string): Promise<boolean> {
    const backend = this.backend;
    if (!this.held.has(name) || !backend) return false;
    const { rows } = await tx.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_locks
                       WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                         AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 2 AND pid = $3 AND granted) AS held`,
      [LEADER_LOCK_SPACE, leaderLockKey(backend.schema, name), backend.pid],
    );
    return rows[0]?.held === true;
  }

  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    const session = this.session ?? (await this.opening?.catch(() => undefined));
    this.session = undefined;
    await session?.close();
  }

  private async connected(): Promise<Session> {
    if (this.session) return this.session;
    this.opening ??= (async () => {
      const session = await this.db.openSession!();
      try {
        // The server frees a lock when it sees its connection gone: at once for a killed process (its kernel closes
        // the socket), but for a host that vanished only when TCP keepalive gives up (2 h by default): here ~5 s.
        await session.exec('SET tcp_keepalives_idle = 3; SET tcp_keepalives_interval = 1; SET tcp_keepalives_count = 2');
        const { rows } = await session.query<{ pid: number; schema: string }>('SELECT pg_backend_pid() AS pid, current_schema() AS schema');
        this.backend = { pid: Number(rows[0]!.pid), schema: rows[0]!.schema };
      } catch (error) {
        await session.close();
        throw error;
      }
      this.session = session;
      session.onEnd(() => this.ended(session));
      return session;
    })().finally(() => (this.opening = undefined));
    return this.opening;
  }

  /** The lock connection is gone, and every lock with it: stop leading at once, reconnect at the next campaign. */
  private ended(session: Session): void {
    if (this.session !== session) return;
    this.session = undefined;
    this.backend = undefined;
    const hadLeads = this.held.size > 0;
    this.held.clear();
    if (hadLeads && !this.closed) for (const listener of this.lostListeners) listener();
  }
}

/** The election for this database: on a PostgreSQL server; none on the embedded database (one process leads all). */
export function electionFor(db: Database): Election | undefined {
  return db.openSession ? new AdvisoryLockElection(db) : undefined;
}
