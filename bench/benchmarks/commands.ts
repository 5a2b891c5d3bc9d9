/**
 * The cost of a command on a long stream: a sign-in on the credentials stream of a user who has signed in for years
 * against the same sign-in of a brand-new user, through the product's own command pipeline (snapshots included).
 */
import { randomUUID } from 'node:crypto';
import { credentialsStreamId, userStreamId } from '@ifu/contracts';
import type { Database } from '@ifu/storage/database/database';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import { onCredentials } from '@ifu/services/auth/credentials';
import { CommandPipeline, type CommandRun, type ReadModels, Snapshots } from '@ifu/services/platform/command-pipeline';
import { Refusal } from '@ifu/services/platform/errors';
import { Seals } from '@ifu/services/platform/seals';
import { BENCH_AUDIT_KEY } from '../lib/audit-key';
import { userDecider } from '@ifu/services/users/index';
import { percentile } from '../lib/stats';
import { openStore } from '../lib/database';
import { InstrumentedDatabase, type StatementStats, statementsTable } from '../lib/instrument';
import { log, type SectionRun, status } from '../lib/section';
import { fmt } from '../lib/stats';

/** The read models are not waited for here: the sign-in command itself waits for none. */
const noReadModels: ReadModels = { waitFor: async () => {} };

export function benchPipeline(store: EventStore, db: Database): CommandPipeline {
  return new CommandPipeline(store, new Snapshots(db, new Seals(BENCH_AUDIT_KEY)), noReadModels, () => new Date());
}

const USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function begin(pipeline: CommandPipeline, userId: string, email: string): CommandRun {
  return pipeline.begin({ actor: { type: 'user', userId, email, name: 'Bench Member' }, correlationId: randomUUID(), ip: '10.1.2.3', userAgent: USER_AGENT });
}

/** An account as an admin creates it and a password set for it (the decision only: no hash is stored), through the pipeline. */
export async function createAccount(pipeline: CommandPipeline, index: number): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `member.${index}.${userId.slice(0, 8)}@example-ifu.de`;
  const admin = pipeline.begin({ actor: { type: 'system', name: 'bench' }, correlationId: randomUUID(), ip: null, userAgent: null });
  await admin.execute({
    stream: userStreamId(userId),
    decider: userDecider,
    command: { type: 'RegisterUser', userId, email, firstName: 'Bench', lastName: 'Member', role: 'USER', isTrainingCompleted: true },
  });
  await onCredentials(begin(pipeline, userId, email), userId, { type: 'SetPassword', via: 'bootstrap', hashSeal: 'bench' });
  return { userId, email };
}

/** One sign-in with the right password: the account loaded, the credentials stream loaded and decided on, LoginSucceeded appended. */
export async function signIn(pipeline: CommandPipeline, account: { userId: string; email: string }): Promise<void> {
  await onCredentials(begin(pipeline, account.userId, account.email), account.userId, { type: 'LogIn', passwordMatches: true, sessionId: randomUUID() });
}

/**
 * Years of use on one credentials stream, command by command through the pipeline (so snapshots are taken as in
 * production, every 100 events): sign-ins, about one in eight with a wrong password first, and logouts, until the
 * stream holds `events` events. Returns its version.
 */
export async function ageAccount(pipeline: CommandPipeline, store: EventStore, account: { userId: string; email: string }, events: number): Promise<number> {
  const stream = credentialsStreamId(account.userId);
  let version = (await store.readStream(stream)).length;
  for (let i = 0; version < events; i++) {
    const run = begin(pipeline, account.userId, account.email);
    const sessionId = randomUUID();
    if (i % 8 === 7) {
      try {
        await onCredentials(run, account.userId, { type: 'LogIn', passwordMatches: false, sessionId });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
      }
    } else if (i % 2 === 0) {
      await onCredentials(run, account.userId, { type: 'LogIn', passwordMatches: true, sessionId });
    } else {
      await onCredentials(run, account.userId, { type: 'LogOut', sessionId });
    }
    version += 1;
  }
  return version;
}

export interface CommandCost {
  runs: number;
  oldStreamVersionBefore: number;
  oldStreamVersionAfter: number;
  oldSnapshotVersion: number | null;
  oldP50Ms: number;
  oldP95Ms: number;
  newP50Ms: number;
  newP95Ms: number;
  /** Old p50 over new p50. */
  ratio: number;
  oldMs: number[];
  newMs: number[];
}

/**
 * `runs` sign-ins of the old account and `runs` sign-ins of as many brand-new accounts (one each, so each is a
 * first sign-in after the password was set), interleaved, the order swapped every run; each timed alone.
 */
export async function timeSignIns(
  pipeline: CommandPipeline,
  db: Database,
  store: EventStore,
  old: { userId: string; email: string },
  fresh: readonly { userId: string; email: string }[],
): Promise<CommandCost> {
  const stream = credentialsStreamId(old.userId);
  const before = (await store.readStream(stream)).length;
  const oldMs: number[] = [];
  const newMs: number[] = [];
  const timeOne = async (account: { userId: string; email: string }, into: number[]) => {
    const t0 = performance.now();
    await signIn(pipeline, account);
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < fresh.length; i++) {
    if (i % 2 === 0) {
      await timeOne(old, oldMs);
      await timeOne(fresh[i]!, newMs);
    } else {
      await timeOne(fresh[i]!, newMs);
      await timeOne(old, oldMs);
    }
  }
  const after = (await store.readStream(stream)).length;
  const { rows } = await db.query<{ version: number }>('SELECT version FROM stream_snapshots WHERE stream_id = $1', [stream]);
  const oldP50Ms = percentile(oldMs, 50);
  const newP50Ms = percentile(newMs, 50);
  return {
    runs: fresh.length,
    oldStreamVersionBefore: before,
    oldStreamVersionAfter: after,
    oldSnapshotVersion: rows[0]?.version ?? null,
    oldP50Ms,
    oldP95Ms: percentile(oldMs, 95),
    newP50Ms,
    newP95Ms: percentile(newMs, 95),
    ratio: oldP50Ms / newP50Ms,
    oldMs,
    newMs,
  };
}

/** p50 of a sign-in on a stream of 1,100 events over the same on a brand-new user's stream. */
const TARGET_COMMAND_RATIO = 1.5;
/** Sign-ins of the old account and first sign-ins of new ones in the round-trip profile. */
const PROFILED_SIGN_INS = 50;

/** 7. A sign-in on a credentials stream of `oldEvents` events against one on a brand-new user's stream. */
export async function commandBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const schema = 'b_commands';
  const db = await bench.openSchema(schema, config.poolSize);
  const store = await openStore(bench, db, schema);
  const pipeline = benchPipeline(store, db);
  log(`sign-ins: one account aged to ${config.oldEvents} credential events, ${config.signIns} new accounts`);
  const old = await createAccount(pipeline, 0);
  await ageAccount(pipeline, store, old, config.oldEvents);
  const fresh = [];
  for (let i = 0; i < config.signIns + 20 + PROFILED_SIGN_INS; i++) fresh.push(await createAccount(pipeline, i + 1));
  const unused = fresh.splice(config.signIns + 20);
  await db.exec('VACUUM ANALYZE events, stream_snapshots');
  await timeSignIns(pipeline, db, store, old, fresh.slice(0, 20)); // warm-up
  const cost: CommandCost = await timeSignIns(pipeline, db, store, old, fresh.slice(20));
  const met = cost.ratio <= TARGET_COMMAND_RATIO;
  rows.push({
    benchmark: 'Sign-in command, new user',
    value: `${fmt(cost.newP50Ms, 2)} ms p50`,
    detail: `${fmt(cost.runs)} users, 1 credential event each before; p95 ${fmt(cost.newP95Ms, 2)} ms`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `Sign-in command, ${fmt(config.oldEvents)}-event stream`,
    value: `${fmt(cost.oldP50Ms, 2)} ms p50`,
    detail: `stream at v${cost.oldStreamVersionBefore} -> v${cost.oldStreamVersionAfter}, snapshot at v${cost.oldSnapshotVersion ?? '-'}; p95 ${fmt(cost.oldP95Ms, 2)} ms`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '  sign-in old user / new user',
    value: `${fmt(cost.ratio, 2)}x`,
    detail: 'p50 ratio (interleaved runs)',
    target: `<= ${fmt(TARGET_COMMAND_RATIO, 1)}x`,
    status: status(met),
  });
  results.commands = cost;

  // Where a sign-in's time goes, old account and new accounts interleaved, through one instrumented pool and store
  // (two stores would each append on a stale tail): each sign-in's statements are added to its kind's totals.
  const instrumented = new InstrumentedDatabase(db);
  const profiledStore = await openStore(bench, instrumented, schema);
  const profiled = benchPipeline(profiledStore, instrumented);
  const kinds = (['old', 'new'] as const).map((name) => ({ name, stats: new Map<string, StatementStats>(), ms: 0 }));
  for (let i = 0; i < PROFILED_SIGN_INS; i++) {
    for (const kind of i % 2 === 0 ? kinds : [...kinds].reverse()) {
      instrumented.reset();
      const start = performance.now();
      await signIn(profiled, kind.name === 'old' ? old : unused[i]!);
      kind.ms += performance.now() - start;
      for (const [statement, st] of instrumented.stats) {
        const sum = kind.stats.get(statement) ?? { count: 0, ms: 0, rows: 0 };
        kind.stats.set(statement, { count: sum.count + st.count, ms: sum.ms + st.ms, rows: sum.rows + st.rows });
      }
    }
  }
  await profiledStore.close();
  for (const kind of kinds) {
    const count = PROFILED_SIGN_INS;
    profiles.statements.push({
      name: `sign-in ${kind.name}`,
      title: `Where a sign-in's time goes, ${kind.name === 'old' ? `the old account (${count} sign-ins from v${cost.oldStreamVersionAfter})` : `${count} new accounts (the first sign-in of each)`}, interleaved, ${fmt(kind.ms / count, 2)} ms each:`,
      unit: 'per sign-in',
      totalMs: kind.ms,
      statements: statementsTable(kind, count),
    });
  }
  await store.close();
}
