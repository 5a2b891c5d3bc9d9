import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { LEADER_LOCK_SPACE, leaderLockKey } from '../projections/src/election';
import { allProjections } from '../projections/src/registry';
import { type ChildProcessHandle, type ChildServer, sharedSecrets, startApiProcess, startProcess } from './api-process';

/** A projections worker (`npm run projections:worker`) in a process of its own, once it runs its projections. */
export function startProjectionWorker(databaseUrl: string): Promise<ChildProcessHandle> {
  return startProcess('projections/src/worker.ts', { DATABASE_URL: databaseUrl, AUDIT_KEY: sharedSecrets().AUDIT_KEY }, /"msg":"projections worker running"/);
}

/**
 * An API process that leaves the read models to the workers (RUN_PROJECTIONS=false). A worker must run before it
 * starts: its first start (the first administrator) waits for the read models. Its commands wait up to 30 s for them,
 * longer than any take-over: a write made while the workers change hands is answered, not refused with 503.
 */
export function startApiWithWorkers(databaseUrl: string, dataDir: string, admin: { email: string; password: string }): Promise<ChildServer> {
  return startApiProcess({
    ...sharedSecrets(),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RUN_PROJECTIONS: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    READ_MODEL_WAIT_MS: '30000',
    LOGIN_DELAY_MS: '0',
  });
}

interface LogLine {
  time: number;
  pid: number;
  msg: string;
  projection?: string;
}

function logLines(worker: ChildProcessHandle): LogLine[] {
  return worker
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The projections `worker` leads now, by its own log (each change is logged, with the time). */
export function ledBy(worker: ChildProcessHandle): Set<string> {
  const leading = new Set<string>();
  for (const line of logLines(worker)) {
    if (line.msg === 'leading the projection') leading.add(line.projection!);
    if (line.msg === 'standing by for the projection') leading.delete(line.projection!);
  }
  return leading;
}

export interface Takeover {
  /** From the kill to the server showing the leader's locks gone (its backend saw the socket close and ended). */
  locksFreedAfterMs: number;
  /** From the `kill -9` of the leader to the standby's log line saying it leads the last of the projections. */
  leadsAfterMs: number;
  /** From the kill to the answer of a write made at once: the API answers once the read model it names has applied it. */
  writeReadBackMs: number;
}

/**
 * Kills the leader of every projection with SIGKILL (no chance to give its locks up) and measures how long until the
 * standby leads them all and a write made right after the kill is read back. `write` goes through the API, which
 * waits for its read model (READ_MODEL_WAIT_MS must be longer than a take-over, or it answers 503).
 */
export async function killLeaderAndMeasure(
  databaseUrl: string,
  leader: ChildProcessHandle,
  standby: ChildProcessHandle,
  write: () => Promise<void>,
): Promise<Takeover> {
  const names = allProjections.map((p) => p.name);
  const standingBy = ledBy(standby);
  if (ledBy(leader).size !== names.length || standingBy.size !== 0) {
    throw new Error(`expected one worker leading all projections and the other none; leader leads ${[...ledBy(leader)]}, standby ${[...standingBy]}`);
  }
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    // Only the leader holds the projections' leader locks now: the backends holding them are its lock connection.
    // pg_locks shows every database of the server: another run's workers (a test, a bench) hold theirs for ever, so
    // only this database's count; and only the projections' keys (an API process leads its reactors, such as the task
    // mail, in the same space, and keeps them).
    const schema = (await watcher.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    const keys = names.map((name) => leaderLockKey(schema, name));
    const held = async () =>
      (
        await watcher.query<{ pid: number }>(
          `SELECT DISTINCT pid FROM pg_locks
            WHERE locktype = 'advisory' AND classid = $1::bigint::oid AND objid = ANY($2::bigint[]::oid[]) AND granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [LEADER_LOCK_SPACE, keys],
        )
      ).rows.map(
        (row) => row.pid,
      );
    const leaderBackends = await held();
    if (leaderBackends.length === 0) throw new Error('no backend holds a leader lock: is the leader running?');
    const killedAt = Date.now();
    leader.process.kill('SIGKILL');
    const [locksFreedAfterMs, writeReadBackMs] = await Promise.all([
      (async () => {
        while ((await held()).some((pid) => leaderBackends.includes(pid))) await sleep(2);
        return Date.now() - killedAt;
      })(),
      write().then(() => Date.now() - killedAt),
    ]);
    return { locksFreedAfterMs, leadsAfterMs: await standbyLeads(standby, names, killedAt), writeReadBackMs };
  } finally {
    await watcher.end();
    await leader.exited;
  }
}

/** Milliseconds from `since` to the standby's log line saying it leads the last of `names`. */
async function standbyLeads(standby: ChildProcessHandle, names: readonly string[], since: number): Promise<number> {
  await Promise.all(names.map((name) => standby.waitForLine(new RegExp(`"projection":"${name}".*"msg":"leading the projection"`), 30_000)));
  const ledAt = Math.max(
    ...logLines(standby)
      .filter((line) => line.msg === 'leading the projection')
      .map((line) => line.time),
  );
  return ledAt - since;
}
