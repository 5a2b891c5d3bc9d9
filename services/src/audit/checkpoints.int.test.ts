import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@ifu/storage/event-store/event-store';
import { eventHash } from '@ifu/storage/event-store/hash-chain';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { verifyAndCheckpoint } from './checkpoints';

const metadata = (): EventMetadata => ({ actor: { type: 'system', name: 'checkpoint-test' }, occurredAt: new Date().toISOString(), correlationId: randomUUID(), ip: null, userAgent: null });

describe('a keyed hash chain with signed checkpoints', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  let file: string;
  beforeEach(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    dir = mkdtempSync(join(tmpdir(), 'ifu-checkpoints-'));
    file = join(dir, 'audit-checkpoints.jsonl');
    for (let i = 0; i < 5; i++) await store.append(`customer-${randomUUID()}`, [{ type: 'CustomerApproved', data: { signature: { name: `Alma ${i}` } }, metadata: metadata() }], 0);
  });
  afterEach(async () => {
    await store.close();
    await test.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a database writer can do: change an event and recompute every hash after it with a key of their choosing. */
  async function rechain(fromPosition: number, key: string, change: (data: Record<string, unknown>) => Record<string, unknown>) {
    await test.db.exec('ALTER TABLE events DISABLE TRIGGER USER');
    const events = await store.readAll(0, 1000);
    let previous = fromPosition > 1 ? events[fromPosition - 2]!.hash : '0'.repeat(64);
    for (const event of events.slice(fromPosition - 1)) {
      const data = event.position === fromPosition ? change(event.data) : event.data;
      const { hash: _old, ...content } = { ...event, data };
      previous = eventHash(key, previous, content);
      await test.db.query('UPDATE events SET data = $2, hash = $3 WHERE position = $1', [event.position, JSON.stringify(data), previous]);
    }
    await test.db.exec('ALTER TABLE events ENABLE TRIGGER USER');
  }

  it("when a database writer rewrites a signature's name and recomputes every hash without the audit key, then verify names that event", async () => {
    expect((await store.verifyChain()).ok).toBe(true);
    await rechain(3, 'a key the writer guessed, not the audit key', () => ({ signature: { name: 'Mallory' } }));
    expect(await store.verifyChain()).toMatchObject({ ok: false, firstBrokenPosition: 3 });
  });

  it('when verified, then a signed checkpoint of the chain head is published; later verifications compare it', async () => {
    const first = await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date('2026-11-21T10:00:00Z'));
    expect(first).toMatchObject({ ok: true, checked: 5, checkpointsCompared: 0, checkpoint: { position: 5, time: '2026-11-21T10:00:00.000Z' } });
    expect(first.checkpoint!.hash).toBe((await store.readAll(4, 1))[0]!.hash);
    await store.append(`customer-${randomUUID()}`, [{ type: 'CustomerApproved', data: {}, metadata: metadata() }], 0);
    const second = await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date('2026-11-21T11:00:00Z'));
    expect(second).toMatchObject({ ok: true, checkpointsCompared: 1, checkpoint: { position: 6 } });
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('when the log is re-chained after a checkpoint, even with the audit key, then verify reports the checkpoint it breaks', async () => {
    await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date('2026-11-21T10:00:00Z'));
    await rechain(2, TEST_AUDIT_KEY, () => ({ signature: { name: 'Mallory' } }));
    expect((await store.verifyChain()).ok).toBe(true); // the chain alone cannot tell: the key was used
    const result = await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date('2026-11-21T12:00:00Z'));
    expect(result).toMatchObject({ ok: false, firstBrokenPosition: 5, reason: 'the log was changed after the checkpoint of 2026-11-21T10:00:00.000Z: position 5 no longer has the hash it had then' });
    expect(result.checkpoint).toBeUndefined();
  });

  it('when a checkpoint in the file is edited, then verify says it is not signed with the audit key', async () => {
    await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date('2026-11-21T10:00:00Z'));
    const checkpoint = JSON.parse(readFileSync(file, 'utf8')) as { hash: string };
    writeFileSync(file, `${JSON.stringify({ ...checkpoint, hash: 'f'.repeat(64) })}\n`);
    const result = await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date());
    expect(result).toMatchObject({ ok: false, reason: `checkpoint 1 of ${file} is not signed with the audit key` });
  });

  it('when a store has no audit key, then it can neither read the log (it could not check a link), append nor verify', async () => {
    const reader = await PostgresEventStore.open(test.db);
    await expect(reader.readAll(0, 10)).rejects.toThrow('opened without the audit key');
    await expect(reader.readAllForProjection(0, 10)).rejects.toThrow('opened without the audit key');
    await expect(reader.verifyChain()).rejects.toThrow('opened without the audit key');
    await expect(reader.append('x', [{ type: 'X', data: {}, metadata: metadata() }], 0)).rejects.toThrow('opened without the audit key');
  });
});

describe('a checkpoint of the empty log (a new installation verified, or its backup restored)', () => {
  it('when the empty log was verified, then the next verification holds that checkpoint, and holds it after events are appended', async () => {
    const test = await openTestDatabase();
    const store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    const dir = mkdtempSync(join(tmpdir(), 'ifu-checkpoints-empty-'));
    const file = join(dir, 'audit-checkpoints.jsonl');
    try {
      expect(await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date())).toMatchObject({ ok: true, checked: 0, checkpoint: { position: 0 } });
      expect(await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date())).toMatchObject({ ok: true, checkpointsCompared: 1 });
      await store.append(`customer-${randomUUID()}`, [{ type: 'CustomerApproved', data: {}, metadata: metadata() }], 0);
      expect(await verifyAndCheckpoint(store, TEST_AUDIT_KEY, file, new Date())).toMatchObject({ ok: true, checked: 1, checkpointsCompared: 2 });
      // What the first checkpoint holds: position 0 and the genesis hash, the only hash a position-0 checkpoint may name.
      const first = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!) as { position: number; hash: string };
      expect(first).toMatchObject({ position: 0, hash: '0'.repeat(64) });
    } finally {
      await store.close();
      await test.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
