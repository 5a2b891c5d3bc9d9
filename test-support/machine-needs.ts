import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a group of tests needs from the machine, in one place: each need, how it is checked and what is missing when
 * it is not there. A group whose need is missing is skipped where a developer runs the suite (and the run ends with
 * one line per skipped group and why: skip-summary-reporter.ts); in CI (`CI` set) it fails its file instead, naming
 * what is missing, unless the need is one this machine kind cannot meet (`CANNOT_BE_MET_HERE`).
 */
export type Need =
  /** Headless Chromium for the browser journeys. */
  | 'chromium'
  /** A PostgreSQL server (TEST_DATABASE_URL): several connections, roles, processes sharing a database. */
  | 'postgres-server'
  /** PostgreSQL 15's server programs (initdb, pg_ctl, pg_basebackup), for replicas made by the tests. */
  | 'postgres-programs'
  /** Debian's nginx, in front of several API processes. */
  | 'nginx'
  /** An EventStoreDB server (EVENTSTORE_URL or testcontainers). */
  | 'eventstoredb'
  /** Docker's compose plugin (`docker compose`), which checks docker-compose.yml as Docker reads it. */
  | 'docker-compose';

/** Needs a CI run on this machine kind cannot meet, and why: the only groups CI may skip. */
export const CANNOT_BE_MET_HERE: Partial<Record<Need, string>> = {
  eventstoredb:
    'no EventStoreDB server can run on this machine kind (no Docker engine for testcontainers; not in Debian or npm); the contract suite runs where EVENTSTORE_URL names one',
  'docker-compose':
    "Docker's compose plugin is in neither Debian 12's packages nor the npm registry, and there is no Docker engine; dclint checks the compose file against the Compose Specification instead (npm run lint:compose)",
};

/**
 * `.ci/run` runs the suite twice: against the PostgreSQL server, then on the embedded default as the README's
 * `npm test`. In the second run it sets this, and the groups that need the server skip there: .ci/run then checks that
 * each of them passed in the first run (or fails).
 */
export const SERVER_LEG_RAN_VARIABLE = 'CI_POSTGRES_LEG_RAN';

/** Why CI may skip a group for this need, or undefined when a missing need fails CI. */
export function excusedInCi(need: Need): string | undefined {
  if (CANNOT_BE_MET_HERE[need]) return CANNOT_BE_MET_HERE[need];
  if (need === 'postgres-server' && process.env[SERVER_LEG_RAN_VARIABLE] === '1') return "it ran in this CI run's PostgreSQL leg (.ci/run checks that it passed there)";
  return undefined;
}

const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the need is not met on this machine, or undefined when it is. */
export function missing(need: Need): string | undefined {
  switch (need) {
    case 'chromium':
      return existsSync(CHROMIUM) ? undefined : `Chromium not found at ${CHROMIUM} (apt-get install -y chromium; .ci/run does it)`;
    case 'postgres-server':
      return process.env.TEST_DATABASE_URL?.trim() ? undefined : 'TEST_DATABASE_URL is not set: this needs a real PostgreSQL server (README, "Tests")';
    case 'postgres-programs':
      return existsSync(join(POSTGRES_BIN, 'initdb')) && existsSync(join(POSTGRES_BIN, 'pg_basebackup'))
        ? undefined
        : `PostgreSQL 15's server programs are not in ${POSTGRES_BIN} (apt-get install -y postgresql-15)`;
    case 'nginx':
      return ['/usr/sbin/nginx', '/usr/bin/nginx'].some((path) => existsSync(path)) ? undefined : 'nginx is not installed (apt-get install -y nginx; .ci/run does it)';
    case 'eventstoredb':
      return process.env.EVENTSTORE_URL?.trim() ? undefined : 'EVENTSTORE_URL is not set and no Docker engine is reachable for testcontainers';
    case 'docker-compose':
      return spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', timeout: 10_000 }).status === 0
        ? undefined
        : '`docker compose version` fails: the compose plugin is not installed';
  }
}

/** Where the skips of this run are written for the closing summary (one JSON line each); set by vitest.config.ts. */
export const SKIP_LOG_VARIABLE = 'IFU_TEST_SKIP_LOG';

export interface RecordedSkip {
  file: string;
  group: string;
  need: Need;
  reason: string;
}

/**
 * For a group of tests (`describe.skipIf(skipUnless(…))`, `it.skipIf(…)`): false when every need is met; otherwise
 * true (skip) after recording why, or, in CI, throws so that the file fails naming what is missing. `available`
 * overrides the check for a need the caller has already probed (an EventStoreDB server found through testcontainers).
 */
export function skipUnless(needs: readonly Need[], group?: string, options: { file?: string; available?: Partial<Record<Need, boolean>> } = {}): boolean {
  const file = options.file ?? callerFile();
  const label = group ?? 'every test of the file';
  for (const need of needs) {
    const reason = options.available?.[need] === true ? undefined : options.available?.[need] === false ? (missing(need) ?? `${need} is not available`) : missing(need);
    if (reason === undefined) continue;
    const excused = process.env.CI ? excusedInCi(need) : undefined;
    if (process.env.CI && !excused) {
      throw new Error(`CI: ${label} (${file}) cannot run: ${reason}. In CI a missing ${need} fails the run (test-support/machine-needs.ts).`);
    }
    recordSkip({ file, group: label, need, reason: excused ? `${reason}; ${excused}` : reason });
    return true;
  }
  return false;
}

function recordSkip(skip: RecordedSkip) {
  const log = process.env[SKIP_LOG_VARIABLE];
  if (log) appendFileSync(log, `${JSON.stringify(skip)}\n`);
}

/** The test file that called skipUnless, from the stack (for the summary). */
function callerFile(): string {
  const stack = new Error().stack?.split('\n') ?? [];
  for (const line of stack) {
    const file = line.match(/\(?((?:file:\/\/)?\/[^():]+\.test\.tsx?)/)?.[1];
    if (file) return file.replace(/^file:\/\//, '');
  }
  return 'unknown file';
}

/** The skips recorded in this run's log. */
export function readSkipLog(path: string): RecordedSkip[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedSkip);
}

/** A fresh log path for one run. */
export function newSkipLogPath(): string {
  return join(tmpdir(), `ifu-test-skips-${process.pid}-${Date.now()}.jsonl`);
}
