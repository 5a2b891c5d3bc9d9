import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SafetyNoticeEvent, safetyNoticeStreamId, type VisitorEvent, visitorDownloadStreamId } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { safetyNoticesProjection } from '../src/safety-notices/projection';
import { safetyNoticeCounts } from '../src/safety-notices/queries';
import { expectRebuildsEqual, metadata, projectIncrementally } from './support';

const withMetadata = (event: SafetyNoticeEvent | VisitorEvent) => ({ type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: metadata() });
const download = (visitorId: string, childDocumentId: string): VisitorEvent => ({
  type: 'PublicDocumentDownloaded',
  data: { visitorId, email: `v1.sealed-${visitorId}`, country: 'DE', childDocumentId, documentNumber: `${childDocumentId}-n`, parentChangeId: 'p-old', customerId: 'c-1', docName: 'ifu.pdf', sha256: 'a'.repeat(64) },
});
const base = { parentChangeId: 'p-new', documentId: 'CO-2026-00009' };
const sent = (visitorId: string): SafetyNoticeEvent => ({
  type: 'SafetyNoticeSent',
  data: { ...base, visitorId, documents: [{ supersededChildId: 'old-1', supersededDocumentNumber: 'CO-2026-00001-01', childDocumentId: 'new-1', documentNumber: 'CO-2026-00009-01', productFamilyName: 'Stent', partNumber: 'PN-1' }] },
});
const undelivered = (visitorId: string, attempt: number): SafetyNoticeEvent => ({ type: 'SafetyNoticeNotDelivered', data: { ...base, visitorId, attempt } });

/**
 * Readers download the old version; notices go to v-0..v-5 (v-2 refused once, then sent again; v-4 refused and not
 * yet sent again); v-1 and v-3 open the new version after their notice, v-5 opened it only before, v-6 was never told.
 */
async function appendHistory(store: PostgresEventStore) {
  let n = 0;
  const append = async (stream: string, event: SafetyNoticeEvent | VisitorEvent, expected: number) => store.append(stream, [withMetadata(event)], expected);
  for (let i = 0; i <= 6; i++) await append(visitorDownloadStreamId(`d-${++n}`), download(`v-${i}`, 'old-1'), 0);
  await append(visitorDownloadStreamId(`d-${++n}`), download('v-5', 'new-1'), 0);
  const notices = safetyNoticeStreamId('p-new');
  let version = 0;
  for (const event of [sent('v-0'), sent('v-1'), sent('v-2'), undelivered('v-2', 1), sent('v-3'), sent('v-4'), sent('v-2'), sent('v-5'), undelivered('v-4', 1)]) {
    await append(notices, event, version++);
  }
  for (const visitor of ['v-1', 'v-3', 'v-3', 'v-6']) await append(visitorDownloadStreamId(`d-${++n}`), download(visitor, 'new-1'), 0);
}

const snapshot = async (db: Queryable) => ({
  downloads: (await db.query('SELECT * FROM public_downloads ORDER BY position')).rows,
  notices: (await db.query('SELECT * FROM safety_notices ORDER BY parent_change_id, visitor_id')).rows,
});

describe('the safety-notices read model', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeEach(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
  });
  afterEach(async () => {
    await store.close();
    await test.dispose();
  });

  it('when rebuilt from the log, set-based or event by event, then it equals the one built incrementally; the counts follow the log', async () => {
    await projectIncrementally(test.db, store, safetyNoticesProjection, 3, () => appendHistory(store));
    const incremental = await snapshot(test.db);
    expect(incremental.downloads).toHaveLength(12);
    expect(incremental.notices).toHaveLength(6);
    // v-0, v-1, v-2 (sent again), v-3, v-5 delivered; v-4 refused. Opened after the notice: v-1 and v-3 (not v-5, before; not v-6, never told).
    expect(await safetyNoticeCounts(test.db, 'p-new')).toEqual({ notified: 5, opened: 2 });
    await expectRebuildsEqual(test.db, store, safetyNoticesProjection, snapshot, incremental, [1, 2, 1000]);
  });
});
