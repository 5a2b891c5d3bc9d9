import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DocumentEvent, documentStreamId, type DocumentFile, type Signature } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { changeOrdersProjection } from '../src/change-orders/projection';
import { findChangeOrder, listChangeOrders } from '../src/change-orders/queries';
import { rebuild } from '../src/runner';
import { expectRebuildsEqual, metadata, projectIncrementally } from './support';
import { expectEvery } from '../../test-support/list-expectations';

/** Event data are interfaces, without the index signature the store's generic append asks for. */
const withMetadata = (event: DocumentEvent) => ({ type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: metadata() });
const signature = (meaning: Signature['meaning'], signerId = 'author'): Signature => ({ signerId, name: 'A', email: 'a@x', signedAt: new Date().toISOString(), meaning });
const file = (name: string): DocumentFile => ({ fileId: randomUUID(), sha256: name.padEnd(64, 'a'), contentType: 'application/pdf', size: 1, docName: `${name}.pdf` });

/** A history of `n` change orders: created with two children, edited, a child replaced and one deactivated, some decided. */
async function appendHistory(store: PostgresEventStore, n: number) {
  const ids = Array.from({ length: n }, () => randomUUID());
  const ref = (k: number) => ({ parentChangeId: ids[k]!, documentId: `CO-2026-${String(k + 1).padStart(5, '0')}` });
  // Revise and resubmit: some are rejected and revised by the next one.
  const revised = (k: number) => k % 4 === 1 && k % 3 !== 0 && k + 1 < n;
  for (let i = 0; i < n; i++) {
    const { parentChangeId, documentId } = ref(i);
    const signed = (meaning: Signature['meaning'] = 'authorship') => ({ parentChangeId, documentId, signature: signature(meaning), comments: `c${i}` });
    const details = { productFamilyName: `P${i}`, productFamilyDescription: 'd', changeDescription: 'd', changeJustification: 'j', changeType: 'Record', customerId: 'c', approverId: 'ap', isInternal: i % 2 === 0, effectiveDate: '2026-12-01' };
    const child = (k: number) => ({ associatedReferenceNumber: `LOT-${i}-${k}`, productSubFamilyNameOne: 'PN', productSubFamilyNameTwo: 'B', billMaterialInformation: 'B', keywords: 'k', countryList: 'DE', languageList: 'de', changeDescription: 'c', changeJustification: 'j' });
    const supporting = file(`s${i}`);
    const events: DocumentEvent[] = [
      { type: 'ChangeOrderCreated', data: { ...signed(), approvalRoutingNumber: documentId.replace('CO', 'AR'), details, logo: file('logo'), files: [supporting], createdBy: 'author', ...(i > 0 && revised(i - 1) ? { revises: ref(i - 1) } : {}) } },
      { type: 'ChildDocumentAdded', data: { ...signed(), child: { ...child(1), childDocumentId: `${parentChangeId}-1`, documentNumber: `${documentId}-01`, file: file('a') }, editedBy: 'author' } },
      { type: 'ChildDocumentAdded', data: { ...signed(), child: { ...child(2), childDocumentId: `${parentChangeId}-2`, documentNumber: `${documentId}-02`, file: file('b') }, editedBy: 'author' } },
    ];
    const later: DocumentEvent[] = [
      { type: 'ChangeOrderUpdated', data: { ...signed(), details: { ...details, productFamilyName: `P${i} XL` }, changes: [{ field: 'productFamilyName', old: `P${i}`, new: `P${i} XL` }], editedBy: 'editor' } },
      { type: 'ChildDocumentUpdated', data: { ...signed(), childDocumentId: `${parentChangeId}-1`, documentNumber: `${documentId}-01`, details: { ...child(1), keywords: 'new' }, file: file('a2'), changes: [], editedBy: 'editor' } },
      { type: 'SupportingFilesAdded', data: { ...signed(), files: [file(`t${i}`)], editedBy: 'editor' } },
      { type: 'SupportingFileDeleted', data: { ...signed('file-deletion'), file: supporting, editedBy: 'editor' } },
      { type: 'ChildDocumentDeactivated', data: { ...signed('deactivation'), childDocumentId: `${parentChangeId}-2`, documentNumber: `${documentId}-02`, obsoleteDate: '2026-11-23', editedBy: 'editor' } },
    ];
    if (i % 3 === 0) {
      // Some approvals name their review date, the oldest do not (then it is due 12 months after the approval day).
      const approvedDate = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
      later.push({ type: 'ChangeOrderApproved', data: { ...signed('approval'), approvedDate, ...(i % 2 === 0 ? { reviewDate: '2027-06-30' } : {}) } });
      // The periodic review's events: a date moved, reminders, a review still valid or to be revised.
      if (i % 9 === 3) {
        later.push({ type: 'PeriodicReviewDateChanged', data: { parentChangeId, documentId, reviewDate: '2027-03-01', previous: '2027-01-04', changedBy: 'author', reason: 'audit cycle' } });
        later.push({ type: 'PeriodicReviewReminderSent', data: { parentChangeId, documentId, reviewDate: '2027-03-01', reminder: 'upcoming', recipients: ['author', 'ap'] } });
      }
      if (i % 9 === 0) {
        later.push({ type: 'PeriodicReviewReminderSent', data: { parentChangeId, documentId, reviewDate: '2027-06-30', reminder: 'due', recipients: ['author'] } });
        const outcome = i % 2 === 0 ? 'still-valid' : 'revise';
        later.push({
          type: 'PeriodicReviewCompleted',
          data: { ...signed('periodic-review'), outcome, reviewDate: '2027-06-30', nextReviewDate: outcome === 'still-valid' ? '2028-06-30' : null },
        });
      }
      // Online/Offline of an approved change order: one proposal rejected, one signed; another left pending.
      const access = { parentChangeId, documentId, isInternal: i % 2 !== 0 };
      later.push({ type: 'ChangeOrderAccessibilityProposed', data: { ...access, previous: i % 2 === 0, requestedBy: 'editor', reason: 'recall' } });
      later.push({ type: 'ChangeOrderAccessibilityRejected', data: { ...access, requestedBy: 'editor', reason: 'not yet', signature: signed('rejection').signature } });
      later.push({ type: 'ChangeOrderAccessibilityProposed', data: { ...access, previous: i % 2 === 0, requestedBy: 'editor', reason: 'recall now' } });
      if (i % 2 === 0) {
        later.push({ type: 'ChangeOrderAccessibilityChanged', data: { ...access, previous: i % 2 === 0, changedBy: 'editor', reason: 'recall now', signature: signed('approval').signature } });
      }
    }
    if (revised(i)) {
      later.push({ type: 'ChangeOrderRejected', data: { ...signed('rejection'), reason: 'old leaflet' } });
      later.push({ type: 'ChangeOrderRevised', data: { parentChangeId, documentId, revision: ref(i + 1), revisedBy: 'author' } });
    }
    if (i % 5 === 0) later.push({ type: 'ChangeOrderDeactivated', data: { ...signed('deactivation'), obsoleteDate: '2026-11-23', editedBy: 'editor' } });
    // Two appends, so batches cut through streams.
    await store.append(documentStreamId(parentChangeId), events.map(withMetadata), 0);
    await store.append(documentStreamId(parentChangeId), later.map(withMetadata), events.length);
  }
}

const snapshot = async (db: Queryable) => [...(await db.query('SELECT * FROM change_orders ORDER BY id')).rows, ...(await db.query('SELECT * FROM change_order_totals')).rows];

describe('the change-orders read model', () => {
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
    await projectIncrementally(test.db, store, changeOrdersProjection, 7, () => appendHistory(store, 15));
    const incremental = await snapshot(test.db);
    expect(incremental).toHaveLength(16); // 15 change orders and the totals row
    await expectRebuildsEqual(test.db, store, changeOrdersProjection, snapshot, incremental, [1, 5, 1000]);
  });

  it('when folded, then a change order shows its edits, its one active child, and is found by that child', async () => {
    await appendHistory(store, 6);
    await rebuild(test.db, store, changeOrdersProjection, 100);
    const { rows, total } = await listChangeOrders(test.db, { tab: 'all', page: 0, pageSize: 10 });
    // Every fifth is deactivated (the 1st and the 6th): they leave the list.
    expect(total).toBe(4);
    const pending = await listChangeOrders(test.db, { tab: 'pending' });
    expectEvery(pending.rows, (row) => row.status === 'REQUIRE_APPROVAL');
    const one = rows.find((row) => row.status === 'APPROVED')!;
    const record = await findChangeOrder(test.db, one.parentChangeId);
    expect(record).toMatchObject({ productFamilyName: expect.stringMatching(/XL$/), status: 'APPROVED', files: [{ docName: expect.stringMatching(/^t/) }] });
    expect(record!.children.filter((c) => c.active).map((c) => c.keywords)).toEqual(['new']);
    expect(record!.children[1]).toMatchObject({ active: false, obsoleteDate: '2026-11-23' });
    expect((await findChangeOrder(test.db, `${one.parentChangeId}-1`))?.parentChangeId).toBe(one.parentChangeId);
    expect(one.childCount).toBe(1);
  });

  it('when approved change orders are reviewed periodically, then each has its review date, the last review, and the overdue filter finds those past it', async () => {
    await appendHistory(store, 12);
    await rebuild(test.db, store, changeOrdersProjection, 100);
    const { rows } = await listChangeOrders(test.db, { tab: 'all' });
    const byNumber = (n: number) => rows.find((row) => row.documentId === `CO-2026-${String(n).padStart(5, '0')}`);
    // 4th (i = 3): approved 2026-01-04 without a review date (due 2027-01-04), then moved to 2027-03-01.
    expect(byNumber(4)).toMatchObject({ status: 'APPROVED', reviewDate: '2027-03-01' });
    // 10th (i = 9): approved without a review date on 2026-01-10, reviewed: to be revised, no date.
    expect(await findChangeOrder(test.db, byNumber(10)!.parentChangeId)).toMatchObject({
      reviewDate: null,
      revisionAfterReview: true,
      lastReview: { outcome: 'revise', signedBy: 'A' },
      signatures: expect.arrayContaining([expect.objectContaining({ meaning: 'periodic-review' })]),
    });
    // 7th (i = 6): its own date 2027-06-30; 13th would be next. Pending ones have none.
    expect(byNumber(7)).toMatchObject({ reviewDate: '2027-06-30' });
    expectEvery(rows.filter((row) => row.status === 'REQUIRE_APPROVAL'), (row) => row.reviewDate === null && !row.reviewOverdue);

    const overdueOn = async (today: string) => (await listChangeOrders(test.db, { tab: 'all', today, reviewOverdue: true, page: 0, pageSize: 10 }));
    expect((await overdueOn('2027-03-01')).rows).toEqual([]);
    const overdue = await overdueOn('2027-03-02');
    expect(overdue.rows.map((row) => row.documentId)).toEqual(['CO-2026-00004']);
    expect(overdue.total).toBe(1);
    expect(overdue.rows[0]!.reviewOverdue).toBe(true);
    const later = await overdueOn('2027-07-01');
    expect(later.rows.map((row) => row.documentId).sort()).toEqual(['CO-2026-00004', 'CO-2026-00007']);
    expect((await listChangeOrders(test.db, { tab: 'all', today: '2027-07-01' })).rows.filter((row) => row.reviewOverdue)).toHaveLength(2);
  });

  it('when the 0009 migration meets approvals recorded before periodic reviews, then it derives their review date as a replay does', async () => {
    const approvals = ['2028-02-29T23:30:00.000Z', '2026-01-31T00:10:00.000Z', '2026-11-27T12:00:00.000Z'];
    for (const [k, approvedDate] of approvals.entries()) {
      const parentChangeId = randomUUID();
      const documentId = `CO-2026-${String(900 + k)}`;
      const signed = (meaning: Signature['meaning']) => ({ parentChangeId, documentId, signature: signature(meaning), comments: '' });
      const details = { productFamilyName: `M${k}`, productFamilyDescription: 'd', changeDescription: 'd', changeJustification: 'j', changeType: 'Record', customerId: 'c', approverId: 'ap', isInternal: false, effectiveDate: '2026-12-01' };
      const events: DocumentEvent[] = [
        { type: 'ChangeOrderCreated', data: { ...signed('authorship'), approvalRoutingNumber: `AR-${k}`, details, logo: file('logo'), files: [], createdBy: 'author' } },
        // Recorded before approvals named a review date: none in the event.
        { type: 'ChangeOrderApproved', data: { ...signed('approval'), approvedDate } },
      ];
      await store.append(documentStreamId(parentChangeId), events.map(withMetadata), 0);
    }
    await rebuild(test.db, store, changeOrdersProjection, 100);
    const reviewDates = async () => (await listChangeOrders(test.db, { tab: 'all' })).rows.map((row) => [row.documentId, row.reviewDate]).sort();
    const replayed = await reviewDates();
    expect(replayed).toEqual([
      ['CO-2026-900', '2029-02-28'],
      ['CO-2026-901', '2027-01-31'],
      ['CO-2026-902', '2027-11-27'],
    ]);
    // The migration's own backfill, on rows as they were before it.
    const migration = readFileSync(new URL('../src/change-orders/migrations/0009_periodic_review.sql', import.meta.url), 'utf8');
    const backfill = /UPDATE change_orders[\s\S]*?;/.exec(migration)![0];
    await test.db.query('UPDATE change_orders SET review_date = NULL');
    await test.db.query(backfill);
    expect(await reviewDates()).toEqual(replayed);
  });

  it('when a rejected change order is revised, then each names the other', async () => {
    await appendHistory(store, 3);
    await rebuild(test.db, store, changeOrdersProjection, 100);
    const { rows } = await listChangeOrders(test.db, { tab: 'all' });
    const rejected = rows.find((row) => row.documentId === 'CO-2026-00002')!;
    const revision = rows.find((row) => row.documentId === 'CO-2026-00003')!;
    expect(await findChangeOrder(test.db, rejected.parentChangeId)).toMatchObject({
      status: 'REJECTED',
      revises: null,
      revisedBy: { parentChangeId: revision.parentChangeId, documentId: 'CO-2026-00003' },
    });
    expect(await findChangeOrder(test.db, revision.parentChangeId)).toMatchObject({
      revises: { parentChangeId: rejected.parentChangeId, documentId: 'CO-2026-00002' },
      revisedBy: null,
    });
  });
});
