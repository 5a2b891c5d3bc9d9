import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { startApi } from '../api-server';
import { loadConfig } from './config';
import { createLogger } from './logger';

/**
 * Issue 19, finding 14: `npm start` listened on every interface. The API listens on 127.0.0.1 unless HOST names
 * another interface (the containers set HOST=0.0.0.0, where the published port is the way in).
 */
describe('the interface the API listens on', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    store = await PostgresEventStore.open(database.db, { chainKey: TEST_AUDIT_KEY });
    dataDir = mkdtempSync(join(tmpdir(), 'ifu-listen-'));
  });
  afterAll(async () => {
    await store?.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    startApi(loadConfig({ API_PORT: '0', DATA_DIR: dataDir, AUDIT_KEY: TEST_AUDIT_KEY, ADMIN_PASSWORD: 'listen test password', ...env }), {
      storage: { db: database.db, store, close: async () => {} },
      logger: createLogger({ level: 'silent', format: 'json' }),
    });

  it('when HOST is not set, then it listens on the loopback interface only', async () => {
    const api = await start({});
    try {
      expect(api.address).toBe('127.0.0.1');
      expect((await fetch(`http://127.0.0.1:${api.port}/health`)).status).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('when HOST names an interface, then it listens there', async () => {
    const api = await start({ HOST: '127.0.0.2' });
    try {
      expect(api.address).toBe('127.0.0.2');
    } finally {
      await api.stop();
    }
  });
});
