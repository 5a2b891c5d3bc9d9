import argon2 from 'argon2';
import type { Queryable } from '@ifu/storage/database/database';
import type { Logger } from '../platform/logger';
import type { Seals } from '../platform/seals';
import { randomUUID } from 'node:crypto';
import { PASSWORD_SEALING_STREAM, type PasswordSealingEvent } from '@ifu/contracts';
import type { CommandPipeline, CommandRun, Decider } from '../platform/command-pipeline';
import { onCredentials, type PasswordCheck } from './credentials';

/**
 * argon2id's cost per hash (PASSWORD_HASH_COST). 'owasp', always in production: OWASP's baseline (19 MiB, 2 passes)
 * keeps a login near 50 ms on the 2-core machines. 'test', refused by the config when NODE_ENV=production: the test
 * helpers' APIs, where every login and signature of thousands of tests would otherwise spend that work. A hash names
 * its own parameters, so either kind of hash verifies whatever the setting.
 */
export const PASSWORD_HASH_COSTS = {
  owasp: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { type: argon2.argon2id, memoryCost: 64, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

/** What chooses the cost: the configuration's PASSWORD_HASH_COST. */
export interface PasswordHashing {
  config: { PASSWORD_HASH_COST: PasswordHashCost };
}

export const hashPassword = (password: string, cost: PasswordHashCost = 'owasp') => argon2.hash(password, PASSWORD_HASH_COSTS[cost]);

const dummyHashes = new Map<PasswordHashCost, Promise<string>>();

/** Checks a password; for an unknown account it still spends the same work (at `cost`), so timing does not tell. */
export async function verifyPassword(hash: string | undefined, password: string, cost: PasswordHashCost = 'owasp'): Promise<boolean> {
  if (!hash) {
    let dummyHash = dummyHashes.get(cost);
    if (!dummyHash) dummyHashes.set(cost, (dummyHash = hashPassword('not-a-real-password-for-timing', cost)));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** The seal of an account's stored hash, as the event that set it carries it. */
export const passwordHashSeal = (seals: Seals, userId: string, passwordHash: string) => seals.seal('password-hash', userId, passwordHash);

export async function storePasswordHash(db: Queryable, userId: string, passwordHash: string, setAt: string): Promise<void> {
  await db.query(
    `INSERT INTO user_credentials (user_id, password_hash, set_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, set_at = EXCLUDED.set_at`,
    [userId, passwordHash, setAt],
  );
}

export async function loadPasswordHash(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM user_credentials WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.password_hash;
}

/**
 * How a given password is judged: the stored hash counts only when its seal is the one the
 * account's credentials stream holds. A hash written to the table behind the product's back (without the audit key
 * it cannot be sealed) is refused like a wrong password, and logged as tampering; argon2 runs either way, so the
 * timing is the same.
 */
export async function passwordCheck(
  ctx: { db: Queryable; seals: Seals; logger: Logger } & PasswordHashing,
  userId: string,
  password: string,
): Promise<PasswordCheck> {
  const stored = await loadPasswordHash(ctx.db, userId);
  return async (credentials) => {
    const matches = await verifyPassword(stored, password, ctx.config.PASSWORD_HASH_COST);
    if (stored === undefined) return false;
    if (ctx.seals.holds(credentials.passwordSeal, 'password-hash', userId, stored)) return matches;
    ctx.logger.error({ userId }, 'the stored password hash does not match its seal in the event log: refused (run npm run audit:verify)');
    return false;
  };
}

/**
 * A step: an account's new password, hashed, sealed in the log (`PasswordSet` with the hash's seal, decided first:
 * only an active account gets one, and a link must be the open one) and then stored. `at` is the step's time unless a
 * test arranges an older password.
 */
export async function setPassword(
  ctx: { db: Queryable; seals: Seals } & PasswordHashing,
  run: CommandRun,
  userId: string,
  password: string,
  how: { via: 'bootstrap' | 'change' } | { via: 'set-password-link'; linkSeal: string },
  at: Date = run.now,
): Promise<void> {
  const passwordHash = await hashPassword(password, ctx.config.PASSWORD_HASH_COST);
  await onCredentials(run, userId, { type: 'SetPassword', hashSeal: passwordHashSeal(ctx.seals, userId, passwordHash), now: at, ...how });
  await storePasswordHash(ctx.db, userId, passwordHash, at.toISOString());
}

/** `system-password-seals`: whether the one-time sealing of hashes from before seals is done. */
const passwordSealingDecider: Decider<{ type: 'MarkSealed'; sealed: number; now: Date }, PasswordSealingEvent, { done: boolean }> = {
  name: 'password-sealing',
  initialState: () => ({ done: false }),
  evolve: () => ({ done: true }),
  decide: (command, state) =>
    state.done ? { events: [] } : { events: [{ type: 'StoredPasswordHashesSealed', data: { at: command.now.toISOString(), sealed: command.sealed } }] },
};

/**
 * Once, at the first start after seals were introduced: each password hash stored before then
 * (its account's log says a password was set, with no seal) is sealed as it is found in the table. After that a hash is
 * only ever sealed by the `PasswordSet` that stores it, so a row written later behind the product's back never passes,
 * however often the API restarts. Returns how many were sealed.
 */
export async function sealStoredPasswordHashes(ctx: { db: Queryable; seals: Seals; commands: CommandPipeline }): Promise<number> {
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'password-sealing' }, correlationId: randomUUID(), ip: null, userAgent: null });
  if ((await run.load(PASSWORD_SEALING_STREAM, passwordSealingDecider)).state.done) return 0;
  const { rows } = await ctx.db.query<{ user_id: string; password_hash: string }>('SELECT user_id, password_hash FROM user_credentials ORDER BY user_id');
  let sealed = 0;
  for (const row of rows) {
    const hashSeal = passwordHashSeal(ctx.seals, row.user_id, row.password_hash);
    sealed += (await onCredentials(run, row.user_id, { type: 'SealStoredHash', hashSeal })).events.length;
  }
  await run.execute({ stream: PASSWORD_SEALING_STREAM, decider: passwordSealingDecider, command: { type: 'MarkSealed', sealed, now: run.now } });
  return sealed;
}
