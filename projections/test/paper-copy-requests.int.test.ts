import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PaperCopyEvent, paperCopyStreamId } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { paperCopyRequestsProjection } from '../src/paper-copy-requests/projection';
import { listPaperCopyRequests, overduePaperCopyRequests } from '../src/paper-copy-requests/queries';
import { rebuild } from '../src/runner';
import { expectRebuildsEqual, metadata, projectIncrementally } from './support';
import { expectEvery } from '../../test-support/list-expectations';

const withMetadata = (event: PaperCopyEvent) => ({ type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: metadata() });
const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;

/** `n` requests due on varying days of March; every third dispatched in a later append, so batches cut through streams. */
async function appendHistory(store: PostgresEventStore, n: number) {
  for (let i = 1; i <= n; i++) {
    const requestId = `r-${String(i).padStart(3, '0')}`;
    const due = day(((i * 7) % 20) + 8);
    await store.append(
      paperCopyStreamId(requestId),
      [
        withMetadata({
          type: 'PaperCopyRequested',
          data: {
            requestId,
            visitorId: `visitor-${i % 4}`,
            email: 'v1.e',
            name: 'v1.n',
            address: 'v1.a',
            childDocumentId: `child-${i}`,
            documentNumber: `CO-2026-0000${i % 3}-01`,
            version: 1 + (i % 2),
            docName: 'ifu.pdf',
            customerId: 'c-1',
            quantity: 1 + (i % 10),
            requestedOn: day(1),
            dueDate: due,
          },
        }),
      ],
      0,
    );
    if (i % 3 === 0) {
      await store.append(
        paperCopyStreamId(requestId),
        [withMetadata({ type: 'PaperCopyDispatched', data: { requestId, documentNumber: 'x', dispatchedBy: 'admin-1', dispatchedByName: 'Ada Admin', dispatchedAt: `${day(2)}T10:00:${String(i % 60).padStart(2, '0')}.000Z` } })],
        1,
      );
    }
  }
}

const snapshot = async (db: Queryable) => (await db.query('SELECT * FROM paper_copy_requests ORDER BY id')).rows;

describe('the paper-copy-requests read model', () => {
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

  it('when rebuilt from the log, set-based or event by event, then it equals the one built incrementally', async () => {
    await projectIncrementally(test.db, store, paperCopyRequestsProjection, 7, () => appendHistory(store, 20));
    const incremental = await snapshot(test.db);
    expect(incremental).toHaveLength(20);
    await expectRebuildsEqual(test.db, store, paperCopyRequestsProjection, snapshot, incremental, [1, 5, 1000]);
  });

  it('lists open requests by urgency (longest overdue first), dispatched ones after; overdue means due before today', async () => {
    await appendHistory(store, 12);
    await rebuild(test.db, store, paperCopyRequestsProjection, 100);
    const open = await listPaperCopyRequests(test.db, 'open');
    expect(open).toHaveLength(8);
    expectEvery(open, (r) => r.status === 'OPEN');
    const dues = open.map((r) => r.dueDate);
    expect(dues).toEqual([...dues].sort());
    const all = await listPaperCopyRequests(test.db, 'all');
    expect(all).toHaveLength(12);
    expect(all.slice(0, 8).map((r) => r.requestId)).toEqual(open.map((r) => r.requestId));
    expect(all.slice(8).map((r) => r.dispatchedAt)).toEqual([...all.slice(8).map((r) => r.dispatchedAt)].sort().reverse());
    expect(all.find((r) => r.requestId === 'r-003')).toMatchObject({ status: 'DISPATCHED', dispatchedByName: 'Ada Admin', version: 2 });
    const overdue = await overduePaperCopyRequests(test.db, day(20));
    expectEvery(overdue.map((r) => r.dueDate), (d) => d < day(20));
    expect(overdue.map((r) => r.requestId).sort()).toEqual(open.filter((r) => r.dueDate < day(20)).map((r) => r.requestId).sort());
    expect(overdue.map((r) => r.dueDate)).toEqual([day(15), day(16), day(17), day(18)]);
  });
});
