import type { Database } from './database';
import { migrate, type Migration } from './migrations';
import { openPostgres } from './postgres';

const APPEND_FUNCTION = 'append_events(text, integer, bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean)';
/** Several appends in one transaction (group commit, migration 0008): the same rights as APPEND_FUNCTION. */
const APPEND_BATCH_FUNCTION = 'append_events_batch(text[], integer[], integer[], bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean)';

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What the API's role may do in the schema the owner's connection is on (docs/security.md): read
 * and write the read models, sessions and other tables of its own; on `events` and `quarantined_events`, only read;
 * append only through `append_events` and `append_events_batch`, which run as the owner. The role owns nothing, so it can neither alter `events` nor disable its
 * triggers. Safe to run again: every start-up does.
 */
export async function grantApiRole(owner: Database, role: string): Promise<void> {
  const { rows } = await owner.query<{ schema: string; owner: string }>('SELECT current_schema() AS schema, current_user AS owner');
  const { schema, owner: ownerRole } = rows[0]!;
  if (role === ownerRole) return; // one role for everything (the embedded default): nothing to separate
  const r = identifier(role);
  const s = identifier(schema);
  await owner.exec(`
    GRANT USAGE ON SCHEMA ${s} TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${s} TO ${r};
    REVOKE ALL ON ${s}.events FROM ${r};
    GRANT SELECT ON ${s}.events TO ${r};
    REVOKE ALL ON ${s}.schema_migrations FROM ${r};
    GRANT SELECT ON ${s}.schema_migrations TO ${r};
    REVOKE ALL ON ${s}.quarantined_events FROM ${r};
    GRANT SELECT ON ${s}.quarantined_events TO ${r};
    GRANT EXECUTE ON FUNCTION ${s}.${APPEND_FUNCTION} TO ${r};
    GRANT EXECUTE ON FUNCTION ${s}.${APPEND_BATCH_FUNCTION} TO ${r};
  `);
  // The search's extensions (pg_trgm, unaccent, btree_gin) live in their own schema, once per database.
  const extensions = await owner.query<{ found: boolean }>(`SELECT to_regnamespace('ifu_ext') IS NOT NULL AS found`);
  if (extensions.rows[0]?.found) await owner.exec(`GRANT USAGE ON SCHEMA ifu_ext TO ${r}`);
}

/**
 * Migrates the database the API uses. With an owner connection, the owner runs the migrations and the API's role
 * (the one `db` connects as) gets only its grants; without one, `db`'s role does it all (the embedded default).
 */
export async function migrateDatabase(db: Database, migrations: readonly Migration[], ownerUrl?: string): Promise<string[]> {
  if (!ownerUrl || db.kind !== 'postgres') return migrate(db, migrations);
  const { rows } = await db.query<{ role: string; schema: string }>('SELECT current_user AS role, current_schema() AS schema');
  const { role, schema } = rows[0]!;
  const owner = openPostgres({ connectionString: ownerUrl, searchPath: schema, max: 1 });
  try {
    const applied = await migrate(owner, migrations);
    await grantApiRole(owner, role);
    return applied;
  } finally {
    await owner.close();
  }
}
