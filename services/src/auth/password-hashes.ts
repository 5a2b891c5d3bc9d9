import argon2 from 'argon2';
import type { Queryable } from '@ifu/storage/database/database';

// OWASP's argon2id baseline (19 MiB, 2 passes) keeps a login near 50 ms on the 2-core machines.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/** Checks a password; for an unknown account it still spends the same work, so timing does not tell. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

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
