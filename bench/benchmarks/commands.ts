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
import { userDecider } from '@ifu/services/users/decider';
import { percentile } from '../lib/stats';

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
