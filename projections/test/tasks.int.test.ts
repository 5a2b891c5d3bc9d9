import { describe, expect, it } from 'vitest';
import type { Queryable } from '@ifu/storage/database/database';
import type { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { rebuild } from '../src/runner';
import { tasksProjection } from '../src/tasks/projection';
import { countMyTasks, findMyTasks, type TaskClock, type TaskViewer } from '../src/tasks/queries';
import { auditTrailReviewed, bootstrapped, changeOrder, customer, type Emitted, paperCopy } from '../src/tasks/task-events.fixtures';
import { expectRebuildsEqual, freshLogPerTest, metadata, projectIncrementally } from './support';

/** Appends each stream's events in order, one append per event, so batches cut through streams. */
async function append(store: PostgresEventStore, emitted: readonly Emitted[]) {
  const versions = new Map<string, number>();
  for (const event of emitted) {
    const version = versions.get(event.streamId) ?? 0;
    await store.append(event.streamId, [{ type: event.type, data: event.data, metadata: metadata() }], version);
    versions.set(event.streamId, version + 1);
  }
}

const id = (n: number) => `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Days of March 2020: the dates the events carry are all before the moments the log records them at (now).
const T = (day: number) => `2020-03-${String(day).padStart(2, '0')}T09:00:00.000Z`;

/** `n` change orders and customers in every state a task comes and goes in, paper copies, and the audit trail. */
function history(n: number): Emitted[] {
  const events: Emitted[] = [bootstrapped(T(1))];
  for (let i = 0; i < n; i++) {
    const co = changeOrder(id(i), `CO-2026-${String(i).padStart(5, '0')}`);
    const author = `author-${i % 3}`;
    events.push(co.created(T(1), { author, approver: `approver-${i % 2}` }), co.childAdded(T(1), author));
    if (i % 5 === 1) events.push(co.rejected(T(2), `approver-${i % 2}`, `reason ${i}`));
    if (i % 5 === 2) events.push(co.rejected(T(2), `approver-${i % 2}`, 'no'), co.revised(T(3), author));
    if (i % 5 === 3) events.push(co.approved(T(2), `approver-${i % 2}`, '2027-03-01'));
    if (i % 5 === 4) events.push(co.approved(T(2), `approver-${i % 2}`, '2020-04-01'), co.reviewed(T(3), 'reviewer', 'revise', null));
    if (i % 7 === 0) events.push(co.deactivated(T(4), author));
    const c = customer(`customer-${i}`);
    events.push(c.registered(T(1), { creator: 'creator', approver: `approver-${i % 2}` }));
    if (i % 4 === 1) events.push(c.rejected(T(2), `approver-${i % 2}`), c.logoChanged(T(3), 'creator'));
    if (i % 4 === 2) events.push(c.approved(T(2), `approver-${i % 2}`), c.changeProposed(T(3), { editor: 'editor', approver: 'approver-0' }));
    if (i % 4 === 3) events.push(c.approved(T(2), `approver-${i % 2}`));
    const request = paperCopy(`request-${i}`);
    events.push(request.requested(T(1), '2020-03-08'));
    if (i % 2 === 0) events.push(request.dispatched(T(2), 'admin'));
  }
  events.push(auditTrailReviewed(T(10), 'admin', '01-Mar-2020', '05-Mar-2020'));
  return events;
}

const snapshot = async (db: Queryable) => ({
  records: (await db.query('SELECT * FROM task_records ORDER BY id')).rows,
  tasks: (await db.query('SELECT * FROM tasks ORDER BY id')).rows,
});

const clock = (today: string, auditReviewedBefore = '2000-01-01T00:00:00.000Z'): TaskClock => ({
  today,
  now: new Date(`${today}T12:00:00.000Z`),
  auditReviewedBefore: new Date(auditReviewedBefore),
});
const admin = (userId: string): TaskViewer => ({ userId, isAdmin: true });
const user = (userId: string): TaskViewer => ({ userId, isAdmin: false });

describe('the tasks read model', () => {
  const log = freshLogPerTest();

  it('when rebuilt from the log, set-based or event by event, then it equals the one built incrementally', async () => {
    const { test, store } = log;
    await projectIncrementally(test.db, store, tasksProjection, 4, () => append(store, history(20)));
    const incremental = await snapshot(test.db);
    expect(incremental.records).toHaveLength(61);
    expect(new Set(incremental.tasks.map((t) => t.kind))).toEqual(
      new Set(['approve-change-order', 'revise-change-order', 'change-order-approved', 'periodic-review', 'approve-customer', 'approve-customer-change', 'dispatch-paper-copy', 'review-audit-trail']),
    );
    await expectRebuildsEqual(test.db, store, tasksProjection, snapshot, incremental, [1, 5, 1000]);
  });

  it('answers the viewer their own tasks and, for an ADMIN, those of any ADMIN their authorship does not exclude them from', async () => {
    const { test, store } = log;
    const co = changeOrder(id(1), 'CO-2026-00001');
    const reviewed = changeOrder(id(2), 'CO-2026-00002');
    await append(store, [
      co.created(T(1), { author: 'author', approver: 'approver' }),
      reviewed.created(T(1), { author: 'author', approver: 'approver' }),
      reviewed.childAdded(T(1), 'editor'),
      reviewed.approved(T(2), 'approver', '2020-04-15'),
      paperCopy('request-1').requested(T(3), '2020-03-10'),
    ]);
    await rebuild(test.db, store, tasksProjection, 100);
    // Sorted: the tasks the log dated now may share a millisecond (their order is checked below, with the dates data set).
    const kinds = async (viewer: TaskViewer, today = '2020-03-05') => (await findMyTasks(test.db, viewer, clock(today), 50)).tasks.map((t) => `${t.kind} ${t.recordNumber}`).sort();

    // The approver, an ADMIN now: their approval, the paper copy, not yet the periodic review (due 15 Apr).
    expect(await kinds(admin('approver'))).toEqual(['approve-change-order CO-2026-00001', 'dispatch-paper-copy CO-2026-00001-01']);
    // The same person no longer an ADMIN: no approval, nothing of the ADMINs.
    expect(await kinds(user('approver'))).toEqual([]);
    // The author (a USER): their approved change order, for 14 days from the approval.
    expect(await kinds(user('author'))).toEqual(['change-order-approved CO-2026-00002']);
    expect(await kinds(user('author'), '2020-03-17')).toEqual([]);
    // From 30 days before the review date any ADMIN but its creator and last editor has the periodic review.
    expect(await kinds(admin('someone'), '2020-03-16')).toEqual(['dispatch-paper-copy CO-2026-00001-01', 'periodic-review CO-2026-00002']);
    expect(await kinds(admin('editor'), '2020-03-16')).toEqual(['dispatch-paper-copy CO-2026-00001-01']);
    expect(await countMyTasks(test.db, admin('someone'), clock('2020-03-16'))).toBe(2);
    expect(await countMyTasks(test.db, user('someone'), clock('2020-03-16'))).toBe(0);
    // The newest first: the request (recorded now) before the review (shown since 16 Mar 2020), both overdue by then.
    const { tasks, count } = await findMyTasks(test.db, admin('someone'), clock('2020-04-20'), 1);
    expect([tasks.map((t) => [t.kind, t.dueDate]), count]).toEqual([[['dispatch-paper-copy', '2020-03-10']], 2]);
    expect((await findMyTasks(test.db, admin('someone'), clock('2020-04-20'), 5)).tasks.map((t) => t.kind)).toEqual(['dispatch-paper-copy', 'periodic-review']);
  });

  it('answers the audit trail review once what is reviewed ends before the cadence says: from the log start, then from the reviews', async () => {
    const { test, store } = log;
    await append(store, [bootstrapped(T(1))]);
    await rebuild(test.db, store, tasksProjection, 100);
    const [first] = await store.readAll(0, 1);
    const started = Date.parse(first!.recordedAt);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const at = (ms: number, reviewedBefore: number) => ({ today: day(ms), now: new Date(ms), auditReviewedBefore: new Date(reviewedBefore) });
    expect(await findMyTasks(test.db, admin('admin'), at(started, started + 1), 50)).toEqual({
      tasks: [expect.objectContaining({ kind: 'review-audit-trail', since: first!.recordedAt })],
      count: 1,
    });
    expect(await countMyTasks(test.db, admin('admin'), at(started, started))).toBe(0);
    expect(await countMyTasks(test.db, user('admin'), at(started, started + 1))).toBe(0);

    // Signed on 10 Jan 2030 at noon for a range up to that day: reviewed up to the signing.
    await append(store, [auditTrailReviewed('2030-01-10T12:00:00.000Z', 'admin', '01-Jan-2030', '10-Jan-2030')]);
    await rebuild(test.db, store, tasksProjection, 100);
    const signed = Date.parse('2030-01-10T12:00:00.000Z');
    expect(await countMyTasks(test.db, admin('admin'), at(signed, signed))).toBe(0);
    expect((await findMyTasks(test.db, admin('admin'), at(signed, signed + 1), 50)).tasks.map((t) => t.since)).toEqual(['2030-01-10T12:00:00.000Z']);
  });
});
