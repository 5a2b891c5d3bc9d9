import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

export interface Migration {
  /** Unique and ordered: `<set>/<file name>`. */
  id: string;
  sql: string;
}

/** Reads `NNNN_name.sql` files of one directory, in name order. */
export function migrationsFromDirectory(set: string, directory: string): Migration[] {
  return readdirSync(directory)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ id: `${set}/${name}`, sql: readFileSync(join(directory, name), 'utf8') }));
}

// The set keeps its first name, 'platform': migration ids are stored in schema_migrations and must never change.
export const storageMigrations = (): Migration[] =>
  migrationsFromDirectory('platform', new URL('../../migrations', import.meta.url).pathname);

/**
 * Applies the migrations not yet applied, each in its own transaction, in the given order.
 * An advisory lock keeps two processes starting at once (API and projections worker) from racing.
 */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7262001)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}
