import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { randomUUID } from 'node:crypto';
import { userStreamId } from '@ifu/contracts';
import { startApi } from '../api-server';
import { userDecider } from '../users';
import { loadConfig } from './config';
import { createLogger } from './logger';

/**
 * How the API starts. It listens on 127.0.0.1 unless HOST names another interface, so `npm start` is not reachable
 * from the network (the containers set HOST=0.0.0.0, where the published port is the way in). In production, audit
 * checkpoints inside DATA_DIR are warned about: they must outlive what they vouch for.
 */
describe('the API at start-up', () => {
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

  const start = (env: Record<string, string>, logger = createLogger({ level: 'silent', format: 'json' })) =>
    startApi(loadConfig({ API_PORT: '0', DATA_DIR: dataDir, AUDIT_KEY: TEST_AUDIT_KEY, ADMIN_PASSWORD: 'listen test password', ...env }), {
      storage: { db: database.db, store, close: async () => {} },
      logger,
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

  it('when its port is taken, then start-up fails with EADDRINUSE and first stops what it had started (the log says API stopped)', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
    const { port } = holder.address() as AddressInfo;
    const lines: Array<{ msg: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) });
    try {
      await expect(start({ API_PORT: String(port) }, logger)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(lines.map((line) => line.msg)).toContain('API stopped');
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('when production keeps the audit checkpoints inside DATA_DIR, then the start-up log warns about it', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    const secrets = { JWT_SECRET: 'j'.repeat(32), LINK_SECRET: 'l'.repeat(32), SMTP_URL: 'smtp://mail.invalid:25' };
    const api = await start({ NODE_ENV: 'production', ...secrets }, logger);
    await api.stop();
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/^AUDIT_CHECKPOINTS_FILE \(.*\) is inside DATA_DIR/) }));
  });

  it('when active users already share a printed name (data from before the rule), then the API starts and names them in a warning', async () => {
    const first = await start({});
    const run = first.context.commands.begin({ actor: { type: 'system', name: 'test-arrangement' }, correlationId: randomUUID(), ip: null, userAgent: null });
    const ids = [randomUUID(), randomUUID()];
    for (const [i, userId] of ids.entries()) {
      // Written as accounts were before printed names were claimed: no claim.
      await run.execute({
        stream: userStreamId(userId),
        decider: userDecider,
        command: { type: 'RegisterUser', userId, email: `twin${i}.${userId}@example.com`, firstName: 'Tess', lastName: i === 0 ? 'Twin' : 'TWIN ', role: 'USER', isTrainingCompleted: true },
      });
    }
    await run.settle(['user-accounts']);
    await first.stop();

    const lines: Array<{ level: number; msg: string; userIds?: string[] }> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    const again = await start({}, logger);
    await again.context.work.settled();
    expect((await fetch(`http://127.0.0.1:${again.port}/health`)).status).toBe(200);
    await again.stop();
    const warning = lines.find((line) => line.level === 40 && line.msg.startsWith('active users share one printed name'));
    expect(warning?.userIds?.sort()).toEqual([...ids].sort());
  });
});
