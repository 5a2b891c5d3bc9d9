import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import { grantApiRole } from '@ifu/storage/database/roles';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { openTestDatabase, type TestDatabase, skipWithoutServer } from '../../test-support/test-database';
import { documentSearchProjection } from '../src/document-search/projection';
import { canRebuildInShadow, rebuildInShadow } from '../src/shadow-rebuild';

import '../../test-support/provided-context';

const serverUrl = inject('testDatabaseUrl');

describe.skipIf(skipWithoutServer())("a shadow rebuild and the API's database role", () => {
  const role = `ifu_api_${randomBytes(4).toString('hex')}`;
  let owner: TestDatabase;
  let api: Database;

  beforeAll(async () => {
    owner = await openTestDatabase(); // migrated by the superuser: it owns every table
    await owner.db.exec(`CREATE ROLE ${role} LOGIN`);
    await grantApiRole(owner.db, role);
    const url = new URL(owner.connectionString!);
    url.username = role;
    api = openPostgres({ connectionString: url.toString(), searchPath: owner.schema, max: 2 });
  });
  afterAll(async () => {
    await api?.close();
    await owner.db.exec(`DROP OWNED BY ${role}`);
    await owner.dispose();
    const admin = openPostgres({ connectionString: serverUrl!, max: 1 });
    await admin.exec(`DROP ROLE IF EXISTS ${role}`);
    await admin.close();
  });

  it("when the owner rebuilds the search's read model into a shadow, then the API's role reads and writes the tables swapped in; the API's role itself could only rebuild in place", async () => {
    expect(await canRebuildInShadow(api, documentSearchProjection)).toBe(false);
    expect(await canRebuildInShadow(owner.db, documentSearchProjection)).toBe(true);
    const oids = async () => (await owner.db.query<{ oid: string }>(`SELECT to_regclass('document_search')::oid AS oid`)).rows[0]!.oid;
    const before = await oids();
    const compression = `SELECT attcompression FROM pg_attribute WHERE attrelid = to_regclass('document_search') AND attname = 'search'`;
    const compressedBefore = (await owner.db.query(compression)).rows;
    const store = await PostgresEventStore.open(owner.db, { chainKey: TEST_AUDIT_KEY });
    try {
      await rebuildInShadow(owner.db, store, documentSearchProjection, 100);
    } finally {
      await store.close();
    }
    expect(await oids()).not.toBe(before);
    // The copies keep what the migrations set on the columns (lz4 for the vectors where the server has it).
    expect((await owner.db.query(compression)).rows).toEqual(compressedBefore);
    await api.query(`INSERT INTO document_search_configs (config) VALUES ('ifu_simple')`);
    expect((await api.query('SELECT config FROM document_search_configs')).rows).toEqual([{ config: 'ifu_simple' }]);
    expect((await api.query('SELECT count(*)::int AS n FROM document_search')).rows).toEqual([{ n: 0 }]);
    await expect(api.exec('DROP TABLE document_search_configs')).rejects.toThrow(/must be owner/);
  });
});
