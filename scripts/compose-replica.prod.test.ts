import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port';
import { skipUnless } from '../test-support/machine-needs';

/**
 * The compose stack's replication scripts, run on loopback as its containers run them (no Docker engine here): a
 * primary made by initdb as the postgres image makes one, set up by scripts/postgres/02-replication.sh, and a replica
 * made and started by deploy/postgres/replica-entrypoint.sh. The primary's own replication lines of pg_hba.conf are
 * removed first: in compose the replica connects from another container, so only the script's line lets it in.
 */

const ROOT = resolve(import.meta.dirname, '..');
const BIN = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const GROUP = "the compose stack's streaming replica scripts";

const OWNER = 'ifu';
/** The postgres account's uid and gid, which own the data directories (as in the image). */
const postgresUser = (): [number, number] => [
  Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
  Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
];
const REPLICATION_PASSWORD = 'replication-secret-for-the-test';

describe.skipIf(skipUnless(['postgres-programs']))(GROUP, () => {
  let dir: string;
  let primaryPort: number;
  let replicaPort: number;
  let replica: ChildProcess | undefined;
  let replicaOutput = '';

  /** PostgreSQL refuses to run as root: as the postgres user then, as the image does. */
  const asPostgres = () => (asRoot ? { uid: postgresUser()[0], gid: postgresUser()[1] } : {});
  const run = (command: string, args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(command, args, { ...asPostgres(), cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
    return result.stdout;
  };
  const client = (port: number) => new pg.Client({ host: dir, port, user: OWNER, database: 'postgres' });
  /**
   * The scripts run as the postgres user, who may not read the clone (a home folder, or `mktemp -d`, is mode 700):
   * a copy in the test's own folder, which that user owns.
   */
  const copied = (script: string) => {
    const copy = join(dir, script.replaceAll('/', '-'));
    copyFileSync(join(ROOT, script), copy);
    if (asRoot) chownSync(copy, ...postgresUser());
    return copy;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ifu-compose-replica-'));
    chmodSync(dir, 0o755);
    if (asRoot) chownSync(dir, ...postgresUser());
    [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const primary = join(dir, 'primary');
    const passwordFile = join(dir, 'owner-password');
    writeFileSync(passwordFile, 'owner-password\n');
    // As the postgres image's entrypoint does: the owner is POSTGRES_USER, local trust, passwords over TCP.
    run(join(BIN, 'initdb'), ['-D', primary, `--username=${OWNER}`, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile}`]);
    const hba = join(primary, 'pg_hba.conf');
    writeFileSync(hba, readFileSync(hba, 'utf8').split('\n').filter((line) => !/^\s*(local|host)\s+replication\b/.test(line)).join('\n'));
    run(join(BIN, 'pg_ctl'), ['-D', primary, '-w', '-l', join(dir, 'primary.log'), '-o', `-p ${primaryPort} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
    run('sh', [copied('scripts/postgres/02-replication.sh')], {
      POSTGRES_USER: OWNER,
      POSTGRES_DB: 'postgres',
      PGDATA: primary,
      PGHOST: dir,
      PGPORT: String(primaryPort),
      REPLICATION_PASSWORD,
    });
    run(join(BIN, 'pg_ctl'), ['-D', primary, 'reload']);
  });

  afterAll(async () => {
    if (replica && replica.exitCode === null) {
      // SIGINT: a fast shutdown of the replica server, or the end of the script still waiting for its copy.
      const exited = new Promise((done) => replica!.once('exit', done));
      replica.kill('SIGINT');
      await exited;
    }
    if (dir && existsSync(join(dir, 'primary/postmaster.pid'))) run(join(BIN, 'pg_ctl'), ['-D', join(dir, 'primary'), '-w', '-m', 'fast', 'stop']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when the replica starts on an empty directory, then it copies the primary as replicator and follows its writes', async () => {
    const args = ['-c', `port=${replicaPort}`, '-c', `unix_socket_directories=${dir}`, '-c', 'listen_addresses=127.0.0.1'];
    mkdirSync(join(dir, 'replica'), { mode: 0o700 });
    if (asRoot) chownSync(join(dir, 'replica'), ...postgresUser());
    // The script execs postgres: this process is the replica server once it has its copy.
    replica = spawn('sh', [copied('deploy/postgres/replica-entrypoint.sh'), ...args], {
      ...asPostgres(),
      cwd: dir,
      env: { PATH: `${BIN}:${process.env.PATH ?? ''}`, PRIMARY_HOST: '127.0.0.1', PRIMARY_PORT: String(primaryPort), PGPASSWORD: REPLICATION_PASSWORD, PGDATA: join(dir, 'replica') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    replica.stdout!.on('data', (chunk: Buffer) => (replicaOutput += chunk.toString()));
    replica.stderr!.on('data', (chunk: Buffer) => (replicaOutput += chunk.toString()));

    const writer = client(primaryPort);
    await writer.connect();
    await writer.query('CREATE TABLE replicated (value text)');
    await writer.query(`INSERT INTO replicated VALUES ('written on the primary')`);
    await writer.end();

    // Bounded wait for the base backup and the replay; no timing is asserted.
    const deadline = Date.now() + 60_000;
    let seen: { recovering: boolean; value: string | null } | undefined;
    while (!seen?.value) {
      if (replica.exitCode !== null) throw new Error(`the replica exited (${replica.exitCode}):\n${replicaOutput}`);
      if (Date.now() > deadline) throw new Error(`the replica did not show the primary's write within 60 s:\n${replicaOutput}`);
      const reader = client(replicaPort);
      try {
        await reader.connect();
        const { rows } = await reader.query<{ recovering: boolean; value: string | null }>(
          `SELECT pg_is_in_recovery() AS recovering, (SELECT value FROM replicated LIMIT 1) AS value`,
        );
        seen = rows[0];
      } catch {
        // not up yet, or the table not replayed yet
      } finally {
        await reader.end().catch(() => undefined);
      }
      if (!seen?.value) await sleep(250);
    }
    expect(seen).toEqual({ recovering: true, value: 'written on the primary' });
    // pg_basebackup --write-recovery-conf made it a standby that streams as the replicator role.
    expect(existsSync(join(dir, 'replica/standby.signal'))).toBe(true);
    expect(readFileSync(join(dir, 'replica/postgresql.auto.conf'), 'utf8')).toMatch(/primary_conninfo = '.*user=replicator/);
  });
});
