import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

/** PostgreSQL 15's programs (Debian's postgresql-15). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** The operating-system user the clusters run as: PostgreSQL refuses to run as root. */
const OS_USER = 'postgres';

/**
 * A PostgreSQL primary and its streaming replica, each a cluster of its own in a temporary directory on a free loopback
 * port (for the replica reads' tests; the bench may reuse it). Nothing of the machine's own cluster is touched.
 */
export interface ReplicaCluster {
  /** postgres:// URL of `database` on the primary and on the replica. */
  primaryUrl: string;
  replicaUrl: string;
  primaryPort: number;
  replicaPort: number;
  /** Runs SQL on the primary's or the replica's `database` (superuser) and answers the rows. */
  onPrimary<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  onReplica<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Holds the replica's replay (`pg_wal_replay_pause`): it keeps receiving WAL but shows nothing newer. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the replica's server (fast shutdown) or starts it again. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers and removes their directories; safe to call twice, and after a failed start. */
  stop(): Promise<void>;
}

export interface ReplicaClusterOptions {
  /** The database created on the primary (and so on the replica); default 'ifu'. */
  database?: string;
}

/** Runs a PostgreSQL program as the postgres user. */
async function asPostgres(program: string, args: string[]): Promise<string> {
  const { stdout } = await run('runuser', ['-u', OS_USER, '--', join(POSTGRES_BIN, program), ...args], { maxBuffer: 8 * 1024 * 1024 });
  return stdout;
}

async function query<Row>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await sleep(100);
  }
}

/**
 * Starts a primary (initdb, wal_level=replica, replication from 127.0.0.1 trusted) and a replica made from it by
 * `pg_basebackup -R`, and waits until `pg_stat_replication` shows the replica streaming. On any failure what was
 * started is stopped and removed before the error is thrown.
 */
export async function startReplicaCluster(options: ReplicaClusterOptions = {}): Promise<ReplicaCluster> {
  const database = options.database ?? 'ifu';
  const root = mkdtempSync(join(tmpdir(), 'ifu-replica-'));
  chownSync(root, uidOf(OS_USER), gidOf(OS_USER));
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started = new Set<string>();
  const pgCtl = (dir: string, action: 'start' | 'stop', extra: string[] = []) =>
    asPostgres('pg_ctl', ['-D', dir, '-l', join(root, `${dir === primaryDir ? 'primary' : 'replica'}.log`), '-w', '-t', '60', action, ...extra]);
  // A synchronous stop for the process's exit: a test run killed halfway must not leave servers behind.
  const stopNow = () => {
    for (const dir of started) spawnSync('runuser', ['-u', OS_USER, '--', join(POSTGRES_BIN, 'pg_ctl'), '-D', dir, '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore' });
    started.clear();
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const dir of [...started]) {
      await pgCtl(dir, 'stop', ['-m', 'immediate']).catch(() => undefined);
      started.delete(dir);
    }
    rmSync(root, { recursive: true, force: true });
    process.removeListener('exit', stopNow);
  };

  const url = (port: number, db = database) => `postgres://${OS_USER}@127.0.0.1:${port}/${db}`;
  try {
    await asPostgres('initdb', ['-D', primaryDir, '-U', OS_USER, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    // A test cluster: loopback only, its socket in its own directory, small, and fsync off (a lost test run is rerun).
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        'shared_buffers = 32MB',
        'max_connections = 60',
        'fsync = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    appendFileSync(join(primaryDir, 'pg_hba.conf'), `host replication ${OS_USER} 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n`);
    await pgCtl(primaryDir, 'start');
    started.add(primaryDir);
    await query(url(primaryPort, 'postgres'), `CREATE DATABASE ${database}`);

    await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', OS_USER, '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
    // The copied configuration names the primary's port; the last setting of a name wins.
    appendFileSync(join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
    await pgCtl(replicaDir, 'start');
    started.add(replicaDir);
    await until('the replica streaming from the primary', 60_000, async () => {
      const rows = await query<{ state: string }>(url(primaryPort, 'postgres'), 'SELECT state FROM pg_stat_replication');
      return rows.some((row) => row.state === 'streaming');
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const cluster: ReplicaCluster = {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    primaryPort,
    replicaPort,
    onPrimary: (sql, params) => query(url(primaryPort), sql, params),
    onReplica: (sql, params) => query(url(replicaPort), sql, params),
    async caughtUp(timeoutMs = 30_000) {
      const lsn = (await query<{ lsn: string }>(url(primaryPort), 'SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0]!.lsn;
      await until(`the replica replaying up to ${lsn}`, timeoutMs, async () => {
        const [row] = await query<{ reached: boolean }>(url(replicaPort), 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS reached', [lsn]);
        return row?.reached === true;
      });
    },
    async pauseReplay() {
      await query(url(replicaPort), 'SELECT pg_wal_replay_pause()');
      // 'pause requested' already holds the next record back; 'paused' once recovery has stopped at one.
      const [row] = await query<{ state: string }>(url(replicaPort), 'SELECT pg_get_wal_replay_pause_state() AS state');
      if (row?.state === 'not paused') throw new Error('the replica did not take the pause');
    },
    async resumeReplay() {
      await query(url(replicaPort), 'SELECT pg_wal_replay_resume()');
    },
    async stopReplica() {
      await pgCtl(replicaDir, 'stop', ['-m', 'fast']);
      started.delete(replicaDir);
    },
    async startReplica() {
      await pgCtl(replicaDir, 'start');
      started.add(replicaDir);
    },
    stop,
  };
  return cluster;
}

function uidOf(user: string): number {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
}

function gidOf(user: string): number {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
}
