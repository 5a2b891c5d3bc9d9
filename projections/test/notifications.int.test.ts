import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NotificationEvent, notificationStreamId } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { notificationsProjection } from '../src/notifications/projection';
import { listNotifications, noticesForPage } from '../src/notifications/queries';
import { rebuild } from '../src/runner';
import { expectRebuildsEqual, metadata, projectIncrementally } from './support';

const withMetadata = (event: NotificationEvent) => ({ type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: metadata() });

/** `n` notices: global, customer-wide or for a product of customer c-1 or c-2; some edited (scope moved), some deleted. */
async function appendHistory(store: PostgresEventStore, n: number) {
  for (let id = 1; id <= n; id++) {
    const scope = [
      { customerId: null, productId: null },
      { customerId: 'c-1', productId: null },
      { customerId: 'c-1', productId: 'p-1' },
      { customerId: 'c-2', productId: null },
    ][id % 4]!;
    const events: NotificationEvent[] = [{ type: 'NotificationAdded', data: { notificationId: id, notificationText: `Notice ${id}`, ...scope, addedBy: 'admin' } }];
    if (id % 3 === 0) events.push({ type: 'NotificationUpdated', data: { notificationId: id, notificationText: `Notice ${id}, edited`, customerId: 'c-2', productId: null, editedBy: 'admin', changed: ['notificationText', 'customerID'] } });
    if (id % 5 === 0) events.push({ type: 'NotificationDeleted', data: { notificationId: id, deletedBy: 'admin' } });
    // Two appends per notice, so batches cut through streams.
    await store.append(notificationStreamId(id), events.slice(0, 1).map(withMetadata), 0);
    if (events.length > 1) await store.append(notificationStreamId(id), events.slice(1).map(withMetadata), 1);
  }
}

const snapshot = async (db: Queryable) => (await db.query('SELECT * FROM notifications ORDER BY id')).rows;

describe('the notifications read model', () => {
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
    await projectIncrementally(test.db, store, notificationsProjection, 7, () => appendHistory(store, 20));
    const incremental = await snapshot(test.db);
    expect(incremental).toHaveLength(20);
    await expectRebuildsEqual(test.db, store, notificationsProjection, snapshot, incremental, [1, 5, 1000]);
  });

  it('lists notices that are not deleted, newest first; a page gets global, its customer’s and its family’s, oldest first', async () => {
    await appendHistory(store, 12);
    await rebuild(test.db, store, notificationsProjection, 100);
    const listed = await listNotifications(test.db);
    expect(listed.map((n) => n.id)).toEqual([12, 11, 9, 8, 7, 6, 4, 3, 2, 1]);
    expect(listed.find((n) => n.id === 9)).toMatchObject({ notificationText: 'Notice 9, edited', customerId: 'c-2', productId: null, version: 2 });
    // The product p-1 has no row in document_search_parents here: its notice is shown on no family's page.
    // Each notice with the day it was published (one box per notice, with its date).
    const texts = (page: Awaited<ReturnType<typeof noticesForPage>>) => ({
      global: page.global.map((n) => n.text),
      customer: page.customer.map((n) => n.text),
      product: page.product.map((n) => n.text),
    });
    const page = await noticesForPage(test.db, 'c-1');
    expect(texts(page)).toEqual({ global: ['Notice 4', 'Notice 8'], customer: ['Notice 1'], product: [] });
    for (const notice of [...page.global, ...page.customer]) expect(notice.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(texts(await noticesForPage(test.db, 'c-2'))).toEqual({ global: ['Notice 4', 'Notice 8'], customer: ['Notice 3, edited', 'Notice 6, edited', 'Notice 7', 'Notice 9, edited', 'Notice 11', 'Notice 12, edited'], product: [] });
  });
});
