import { describe, expect, it } from 'vitest';
import { evolveRecord, recordKeyOf, type TaskRecord, withApprover } from './records';
import { asLog, auditTrailReviewed, bootstrapped, changeOrder, customer, type Emitted, paperCopy } from './task-events.fixtures';
import { type TaskRow, tasksOf } from './task-rows';

/** Given these events (of any records), then the open tasks of every record, as the read model derives them. */
function tasksAfter(...emitted: Emitted[]): TaskRow[] {
  const records = new Map<string, TaskRecord>();
  for (const event of asLog(emitted)) {
    const key = recordKeyOf(event);
    const next = evolveRecord(records.get(key), event);
    if (next) records.set(key, next);
  }
  return [...records].flatMap(([key, record]) => tasksOf(key, record));
}

const summary = (tasks: TaskRow[]) => tasks.map((t) => ({ kind: t.kind, to: t.assignee_id ?? (t.requires_admin ? 'any ADMIN' : 'anyone') }));
const T = (day: number, time = '09:00') => `2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`;

describe('the tasks read model: a change order', () => {
  const co = changeOrder('c0ffee00-0000-4000-8000-000000000001', 'CO-2026-00001');
  const created = co.created(T(1), { author: 'author', approver: 'approver', product: 'Catheter' });

  it('given it was submitted, then it waits for its approver (an ADMIN), who may not be its author', () => {
    const [task, ...more] = tasksAfter(created);
    expect(more).toEqual([]);
    expect(task).toEqual({
      id: 'approve-change-order:c0ffee00-0000-4000-8000-000000000001',
      kind: 'approve-change-order',
      record_key: 'document-c0ffee00-0000-4000-8000-000000000001',
      record_id: 'c0ffee00-0000-4000-8000-000000000001',
      record_number: 'CO-2026-00001',
      title: 'Catheter',
      detail: null,
      assignee_id: 'approver',
      requires_admin: true,
      excluded_ids: ['author'],
      since: T(1),
      due_date: null,
      visible_from: null,
      visible_until: null,
    });
  });

  it('given its approver edited it, then the task names them among its authors (the approver policy refuses them)', () => {
    expect(tasksAfter(created, co.childAdded(T(2), 'approver'))[0]!.excluded_ids).toEqual(['approver', 'author']);
  });

  it('given an edit named another approver, then it waits for the new one', () => {
    expect(summary(tasksAfter(created, co.updated(T(2), { editor: 'author', approver: 'other' })))).toEqual([{ kind: 'approve-change-order', to: 'other' }]);
  });

  it('given an ADMIN reassigned it, then it waits for the new approver from the reassignment, and no longer for the old one', () => {
    const tasks = tasksAfter(created, co.childAdded(T(2), 'approver'), co.reassigned(T(3), { admin: 'admin', from: 'approver', to: 'other' }));
    expect(summary(tasks)).toEqual([{ kind: 'approve-change-order', to: 'other' }]);
    expect(tasks[0]!.since).toBe(T(3));
  });

  it('given it was rejected, then its author has it to revise, with the reason, until they revise it', () => {
    const rejected = [created, co.rejected(T(3), 'approver', 'Wrong lot')];
    const [task, ...more] = tasksAfter(...rejected);
    expect(more).toEqual([]);
    expect(task).toMatchObject({ kind: 'revise-change-order', assignee_id: 'author', requires_admin: false, detail: 'Wrong lot', since: T(3) });
    expect(tasksAfter(...rejected, co.revised(T(4), 'author'))).toEqual([]);
  });

  it('given it was rejected and then deactivated, then nothing waits', () => {
    expect(tasksAfter(created, co.rejected(T(3), 'approver', 'no'), co.deactivated(T(4), 'author'))).toEqual([]);
  });

  it('given it was deactivated before a decision, then nothing waits', () => {
    expect(tasksAfter(created, co.deactivated(T(2), 'author'))).toEqual([]);
  });

  it('given it was approved, then its author is told for 14 days and a periodic review shows for any ADMIN from 30 days before its date', () => {
    const tasks = tasksAfter(created, co.childAdded(T(2), 'editor'), co.approved(T(3), 'approver', '2027-03-03'));
    expect(tasks.map((t) => [t.kind, t.assignee_id, t.since, t.visible_from, t.visible_until, t.due_date, t.excluded_ids])).toEqual([
      ['change-order-approved', 'author', T(3), null, '2026-03-17T09:00:00.000Z', null, []],
      ['periodic-review', null, '2027-02-01T00:00:00.000Z', '2027-02-01', null, '2027-03-03', ['author', 'editor']],
    ]);
  });

  it('given an approval recorded before periodic reviews, then its review is due 12 months after the approval day', () => {
    const approved = { ...co.approved(T(3), 'approver'), data: { ...co.approved(T(3), 'approver').data, reviewDate: undefined } };
    expect(tasksAfter(created, approved).find((t) => t.kind === 'periodic-review')?.due_date).toBe('2027-03-03');
  });

  it('given its review date moved, then the periodic review follows it', () => {
    const tasks = tasksAfter(created, co.approved(T(3), 'approver', '2027-03-03'), co.reviewDateChanged(T(4), '2026-12-01'));
    expect(tasks.find((t) => t.kind === 'periodic-review')).toMatchObject({ due_date: '2026-12-01', visible_from: '2026-11-01' });
  });

  it('given a periodic review concluded revise, then its author has it to revise and no review is due until they do', () => {
    const reviewed = [created, co.approved(T(3), 'approver', '2026-04-01'), co.reviewed(T(20), 'reviewer', 'revise', null)];
    expect(summary(tasksAfter(...reviewed))).toEqual([
      { kind: 'change-order-approved', to: 'author' },
      { kind: 'revise-change-order', to: 'author' },
    ]);
    expect(tasksAfter(...reviewed).find((t) => t.kind === 'revise-change-order')?.since).toBe(T(20));
    expect(summary(tasksAfter(...reviewed, co.revised(T(21), 'author')))).toEqual([{ kind: 'change-order-approved', to: 'author' }]);
  });

  it('given a periodic review found it still valid, then the next review is due on the date it set', () => {
    const tasks = tasksAfter(created, co.approved(T(3), 'approver', '2026-04-01'), co.reviewed(T(20), 'reviewer', 'still-valid', '2027-03-20'));
    expect(tasks.find((t) => t.kind === 'periodic-review')?.due_date).toBe('2027-03-20');
  });
});

describe('the tasks read model: a customer', () => {
  const c = customer('cust-1', 'Clinic One');
  const registered = c.registered(T(1), { creator: 'creator', approver: 'approver' });

  it('given it was registered, then it waits for its approver (an ADMIN), its creator named as its author', () => {
    expect(tasksAfter(registered)).toEqual([
      expect.objectContaining({ kind: 'approve-customer', record_id: 'cust-1', record_number: 'Clinic One', assignee_id: 'approver', requires_admin: true, excluded_ids: ['creator'], since: T(1) }),
    ]);
  });

  it('given it was edited before a decision, then it waits for the approver the edit names, since its registration', () => {
    const [task] = tasksAfter(registered, c.updated(T(2), { editor: 'editor', approver: 'other', name: 'Clinic Uno' }));
    expect(task).toMatchObject({ assignee_id: 'other', record_number: 'Clinic Uno', since: T(1), excluded_ids: ['creator', 'editor'] });
  });

  it('given an ADMIN reassigned it, then it waits for the new approver from the reassignment', () => {
    const [task, ...more] = tasksAfter(registered, c.reassigned(T(2), { admin: 'admin', from: 'approver', to: 'other' }));
    expect(more).toEqual([]);
    expect(task).toMatchObject({ kind: 'approve-customer', assignee_id: 'other', since: T(2) });
  });

  it('given an ADMIN reassigned a pending change, then the change waits for the new approver', () => {
    const proposed = [registered, c.approved(T(2), 'approver'), c.changeProposed(T(3), { editor: 'editor', approver: 'approver' })];
    const tasks = tasksAfter(...proposed, c.reassigned(T(4), { admin: 'admin', from: 'approver', to: 'other', pendingChange: true }));
    expect(tasks.map((t) => ({ kind: t.kind, to: t.assignee_id, since: t.since }))).toEqual([{ kind: 'approve-customer-change', to: 'other', since: T(4) }]);
  });

  it('given it was approved, then nothing waits', () => {
    expect(tasksAfter(registered, c.approved(T(2), 'approver'))).toEqual([]);
  });

  it('given it was rejected, then nothing waits until it is edited again, and then since that first edit', () => {
    const rejected = [registered, c.rejected(T(2), 'approver')];
    expect(tasksAfter(...rejected)).toEqual([]);
    const [task, ...more] = tasksAfter(...rejected, c.logoChanged(T(3), 'creator'), c.updated(T(4), { editor: 'creator', approver: 'approver' }));
    expect(more).toEqual([]);
    expect(task).toMatchObject({ kind: 'approve-customer', title: 'Edited since its rejection', assignee_id: 'approver', since: T(3) });
    expect(tasksAfter(...rejected, c.logoChanged(T(3), 'creator'), c.approved(T(5), 'approver'))).toEqual([]);
  });

  it('given a change to the approved customer was proposed, then it waits for the approver the change names, until decided or withdrawn', () => {
    const proposed = [registered, c.approved(T(2), 'approver'), c.changeProposed(T(3), { editor: 'editor', approver: 'new-approver' })];
    expect(tasksAfter(...proposed)).toEqual([
      expect.objectContaining({ kind: 'approve-customer-change', assignee_id: 'new-approver', since: T(3), excluded_ids: ['creator', 'editor'] }),
    ]);
    expect(tasksAfter(...proposed, c.changeApproved(T(4), 'new-approver', { customerName: 'Clinic One', approverId: 'new-approver' }))).toEqual([]);
    expect(tasksAfter(...proposed, c.changeRejected(T(4), 'new-approver'))).toEqual([]);
    expect(tasksAfter(...proposed, c.changeWithdrawn(T(4), 'editor'))).toEqual([]);
  });

  it('given a later edit replaced the pending change, then it waits since the later one', () => {
    const tasks = tasksAfter(
      registered,
      c.approved(T(2), 'approver'),
      c.changeProposed(T(3), { editor: 'editor', approver: 'approver' }),
      c.changeProposed(T(5), { editor: 'editor', approver: 'approver' }),
    );
    expect(tasks.map((t) => t.since)).toEqual([T(5)]);
  });
});

describe('the tasks read model: the approver in one place', () => {
  /** One record's facts after its events. */
  const fold = (...emitted: Emitted[]) => asLog(emitted).reduce<TaskRecord | undefined>((record, event) => evolveRecord(record, event), undefined)!;

  it('withApprover moves a change order, a customer, or its pending change to another approver', () => {
    const co = changeOrder('c0ffee00-0000-4000-8000-000000000002');
    const c = customer('cust-2');
    const registered = c.registered(T(1), { creator: 'creator', approver: 'approver' });
    const records = [
      fold(co.created(T(1), { author: 'author', approver: 'approver' })),
      fold(registered),
      fold(registered, c.approved(T(2), 'approver'), c.changeProposed(T(3), { editor: 'editor', approver: 'approver' })),
    ];
    const assignees = records.map((record) => {
      if (record.kind !== 'change-order' && record.kind !== 'customer') throw new Error('not a record with an approver');
      return tasksOf('key', withApprover(record, 'delegate')).map((t) => [t.kind, t.assignee_id]);
    });
    expect(assignees).toEqual([[['approve-change-order', 'delegate']], [['approve-customer', 'delegate']], [['approve-customer-change', 'delegate']]]);
  });
});

describe('the tasks read model: paper copies and the audit trail', () => {
  it('given a paper copy was requested, then any ADMIN has it to dispatch by its due date, until it is dispatched', () => {
    const request = paperCopy('req-1');
    expect(tasksAfter(request.requested(T(1), '2026-03-08', 'CO-2026-00007-01'))).toEqual([
      expect.objectContaining({ kind: 'dispatch-paper-copy', record_number: 'CO-2026-00007-01', title: '2 × ifu.pdf', assignee_id: null, requires_admin: true, due_date: '2026-03-08', since: T(1) }),
    ]);
    expect(tasksAfter(request.requested(T(1), '2026-03-08'), request.dispatched(T(2), 'admin'))).toEqual([]);
  });

  it('given the log began, then the audit trail is unreviewed from its start; a review moves that to the end of its range, or its signing', () => {
    const start = bootstrapped(T(1));
    const sinceOf = (...emitted: Emitted[]) => tasksAfter(...emitted).map((t) => [t.kind, t.assignee_id, t.requires_admin, t.since]);
    expect(sinceOf(start)).toEqual([['review-audit-trail', null, true, T(1)]]);
    expect(sinceOf(start, auditTrailReviewed(T(20), 'admin', '01-Mar-2026', '10-Mar-2026'))).toEqual([['review-audit-trail', null, true, '2026-03-11T00:00:00.000Z']]);
    // Up to today: what is covered ends at the signing.
    expect(sinceOf(start, auditTrailReviewed(T(20, '15:30'), 'admin', '01-Mar-2026', '20-Mar-2026'))[0]![3]).toBe(T(20, '15:30'));
    // An earlier range reviewed later does not move the end back.
    expect(sinceOf(start, auditTrailReviewed(T(20), 'admin', '01-Mar-2026', '10-Mar-2026'), auditTrailReviewed(T(21), 'other', '01-Mar-2026', '02-Mar-2026'))[0]![3]).toBe(
      '2026-03-11T00:00:00.000Z',
    );
  });
});
