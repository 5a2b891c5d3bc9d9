import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';

/**
 * Second factors as the test helpers hold them: an ADMIN logged in through `logIn` (or `t.login`) enrols
 * at their first login, as the product demands, and later logins give a code computed here, so that every existing
 * test logs its ADMINs in as before. The product refuses a code of a time step used already (shared across API
 * instances), and accepts one step either side of its clock: three logins of one account per 30 s by code, then a
 * recovery code, then a wait for the next step.
 *
 * Test files run in several processes against one API (the `ui` project), so what is held is kept in a file per API
 * (under the system's temporary folder), changed under a lock: one process enrols, every process takes the next
 * unused step.
 */
export interface HeldFactor {
  secret: string;
  recoveryCodes: string[];
  /** The newest time step whose code was given. */
  lastStep: number;
}

interface HeldFile {
  base: string;
  factors: Record<string, HeldFactor>;
  /**
   * How far the API's clock is ahead of the real one, as the last login that knew it (an in-process API's TestClock)
   * saw it: a login that does not know the clock (a browser's, through the form) computes its code at that time.
   */
  clockOffsetMs?: number;
}

const DIRECTORY = join(tmpdir(), 'ifu-test-second-factors');
const fileOf = (base: string) => join(DIRECTORY, `${createHash('sha256').update(base).digest('hex').slice(0, 20)}.json`);
const emailKey = (email: string) => email.trim().toLowerCase();

function read(base: string): HeldFile {
  try {
    return JSON.parse(readFileSync(fileOf(base), 'utf8')) as HeldFile;
  } catch {
    return { base, factors: {} };
  }
}

function write(held: HeldFile): void {
  const file = fileOf(held.base);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(held));
  renameSync(temporary, file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the lock of one API's file (a directory made atomically); a lock older than 60 s was left behind. */
async function locked<T>(base: string, work: (held: HeldFile) => T | Promise<T>): Promise<T> {
  mkdirSync(DIRECTORY, { recursive: true });
  const lock = `${fileOf(base)}.lock`;
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmdirSync(lock);
      } catch {
        // released meanwhile
      }
      if (tries > 2000) throw new Error(`the second-factor lock of ${base} is not released`);
      await sleep(10);
    }
  }
  try {
    return await work(read(base));
  } finally {
    rmdirSync(lock);
  }
}

/**
 * Forgets what is held for an API starting at `base`: a new API (a fresh database) at an address an earlier one had
 * (ports are reused; the files outlive a run) holds no factor yet, and an old secret would be refused.
 */
export const forgetHeldFactors = (base: string) =>
  locked(base, () => {
    rmSync(fileOf(base), { force: true });
  });

/** The factor a helper enrolled for `email` on the API at `base`. */
export const heldFactor = (base: string, email: string): HeldFactor | undefined => read(base).factors[emailKey(email)];

/** The API (of those whose factors are held) where `email` was enrolled last: for a browser test, which knows the portal. */
export function baseHolding(email: string): string | undefined {
  if (!existsSync(DIRECTORY)) return undefined;
  const files = readdirSync(DIRECTORY)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(DIRECTORY, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of files) {
    try {
      const held = JSON.parse(readFileSync(file, 'utf8')) as HeldFile;
      if (held.factors[emailKey(email)]) return held.base;
    } catch {
      // being written
    }
  }
  return undefined;
}

/**
 * Enrols `email` once per API: `enrol` runs under the lock unless another process enrolled meanwhile (then its
 * session is good as it is: the account has a factor now). Returns the factor held.
 */
export function enrolOnce(base: string, email: string, enrol: () => Promise<HeldFactor>, options: { again?: boolean } = {}): Promise<HeldFactor> {
  return locked(base, async (held) => {
    const known = held.factors[emailKey(email)];
    if (known && !options.again) return known;
    const factor = await enrol();
    held.factors[emailKey(email)] = factor;
    write(held);
    return factor;
  });
}

/** Keeps a factor a test enrolled itself, replacing any held for the address. */
export const rememberFactor = (base: string, email: string, factor: HeldFactor) =>
  locked(base, (held) => {
    held.factors[emailKey(email)] = factor;
    write(held);
  });

/** The clock of an API that runs in this process (TestClock): its time, and how to move it on. */
export interface ApiClock {
  now: () => Date;
  advance: (ms: number) => void;
}

const apiClocks = new Map<string, ApiClock>();

/**
 * Makes the clock of an in-process API at `base` known to the helpers: a login whose caller does not know it (a
 * browser's code step) computes its code at that clock and, out of codes, moves it on to the next step instead of
 * waiting up to 30 s in real time.
 */
export function holdApiClock(base: string, clock: ApiClock): () => void {
  apiClocks.set(base, clock);
  return () => {
    if (apiClocks.get(base) === clock) apiClocks.delete(base);
  };
}

/** The API's time at `base`: its clock when it runs in this process, else the real time. */
export const apiTimeAt = (base: string): Date => apiClocks.get(base)?.now() ?? new Date();

/** A 6-digit code of `secret` for the time step `step`. */
export const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

/** The RFC 6238 time step of a moment. */
export const timeStepOf = (now: Date) => Math.floor(now.getTime() / 30_000);

/**
 * The next code the product will take from the factor held for `email`: the earliest step not used, from one before
 * `now`; a recovery code when the steps the product accepts now are used up; else waits for the next step.
 */
export async function nextCode(
  base: string,
  email: string,
  /** The API's clock when the caller knows it; else the real time moved by the offset held for the API. */
  now?: () => Date,
  /**
   * For an API whose clock the test moves (TestClock): moves it on by `ms` instead of waiting for the next step in
   * real time (a file that logs its ADMIN in more than a dozen times would otherwise wait 30 s each time).
   */
  advance?: (ms: number) => void,
): Promise<string> {
  const held = apiClocks.get(base);
  if (!now && held) ({ now, advance } = { now: held.now, advance: advance ?? held.advance });
  let apiNow = now ?? (() => new Date());
  for (;;) {
    const code = await locked(base, async (held) => {
      const factor = held.factors[emailKey(email)];
      if (!factor) throw new Error(`${email} has a second factor the test helpers did not enrol`);
      if (now) held.clockOffsetMs = now().getTime() - Date.now();
      else apiNow = () => new Date(Date.now() + (held.clockOffsetMs ?? 0));
      const current = timeStepOf(apiNow());
      const step = Math.max(current - 1, factor.lastStep + 1);
      let given: string | undefined;
      if (step <= current + 1) {
        factor.lastStep = step;
        given = await codeAt(factor.secret, step);
      } else {
        given = factor.recoveryCodes.shift();
      }
      if (given !== undefined) write(held);
      return given;
    });
    if (code !== undefined) return code;
    const untilNextStep = 30_000 - (apiNow().getTime() % 30_000) + 50;
    if (advance) advance(untilNextStep);
    else await sleep(untilNextStep);
  }
}
