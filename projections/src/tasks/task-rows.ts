import { addDays, APPROVED_TASK_DAYS, REVIEW_REMINDER_DAYS, type TaskKind } from '@ifu/contracts';
import type { AuditTrailFacts, ChangeOrderFacts, CustomerFacts, PaperCopyFacts, TaskRecord } from './records';

/**
 * A row of `tasks`: one open task. Who it waits for is either one user (`assignee_id`) or, with `assignee_id` null, any
 * ADMIN but the users in `excluded_ids` (the approver policy's authors). `requires_admin`: only an ADMIN (as their
 * account is now) sees it. Whether it shows today is decided when it is read: from `visible_from` (a day), before
 * `visible_until` (a moment), and for the audit trail's review from `since` and the configured cadence.
 */
export interface TaskRow {
  /** `<kind>:<record id>`. */
  id: string;
  kind: TaskKind;
  /** The `task_records` row it comes from: a record's tasks are replaced together. */
  record_key: string;
  record_id: string;
  record_number: string;
  title: string;
  detail: string | null;
  assignee_id: string | null;
  requires_admin: boolean;
  /** For a task of one assignee: who may not act on it (it still shows, saying why); for any ADMIN: who does not get it. */
  excluded_ids: string[];
  since: string;
  due_date: string | null;
  visible_from: string | null;
  visible_until: string | null;
}

const DAY_MS = 86_400_000;

/** The authors the approver policy keeps from deciding (auth/approver-policy.ts): the creator and the last editor. */
const authors = (...ids: Array<string | null>) => [...new Set(ids.filter((id): id is string => id !== null))].sort();

type Task = Omit<TaskRow, 'id' | 'record_key' | 'detail' | 'excluded_ids' | 'due_date' | 'visible_from' | 'visible_until'> &
  Partial<Pick<TaskRow, 'detail' | 'excluded_ids' | 'due_date' | 'visible_from' | 'visible_until'>>;

function changeOrderTasks(r: ChangeOrderFacts): Task[] {
  if (!r.active) return [];
  const record = { record_id: r.parentChangeId, record_number: r.documentId, title: r.productFamilyName };
  const tasks: Task[] = [];
  if (r.status === 'REQUIRE_APPROVAL') {
    tasks.push({ ...record, kind: 'approve-change-order', assignee_id: r.approverId, requires_admin: true, excluded_ids: authors(r.createdBy, r.lastEditedBy), since: r.waitingSince });
  }
  if (r.status === 'REJECTED' && !r.revised) {
    tasks.push({ ...record, kind: 'revise-change-order', assignee_id: r.createdBy, requires_admin: false, detail: r.reason, since: r.decidedAt ?? r.waitingSince });
  }
  if (r.status === 'APPROVED') {
    const approvedAt = Date.parse(r.decidedAt ?? r.waitingSince);
    tasks.push({
      ...record,
      kind: 'change-order-approved',
      assignee_id: r.createdBy,
      requires_admin: false,
      since: new Date(approvedAt).toISOString(),
      visible_until: new Date(approvedAt + APPROVED_TASK_DAYS * DAY_MS).toISOString(),
    });
    if (r.revisionAfterReview && !r.revised) {
      tasks.push({ ...record, kind: 'revise-change-order', assignee_id: r.createdBy, requires_admin: false, detail: 'Its periodic review concluded: revise', since: r.reviewConcludedAt ?? r.waitingSince });
    }
    if (r.reviewDate !== null && !r.revisionAfterReview) {
      const from = addDays(r.reviewDate, -REVIEW_REMINDER_DAYS);
      tasks.push({
        ...record,
        kind: 'periodic-review',
        assignee_id: null,
        requires_admin: true,
        excluded_ids: authors(r.createdBy, r.lastEditedBy),
        since: `${from}T00:00:00.000Z`,
        due_date: r.reviewDate,
        visible_from: from,
      });
    }
  }
  return tasks;
}

function customerTasks(r: CustomerFacts): Task[] {
  const record = { record_id: r.customerId, record_number: r.customerName };
  const excluded_ids = authors(r.createdBy, r.lastEditedBy);
  const tasks: Task[] = [];
  if (r.status !== 'APPROVED' && r.waitingSince !== null) {
    tasks.push({
      ...record,
      kind: 'approve-customer',
      title: r.status === 'REJECTED' ? 'Edited since its rejection' : 'New customer',
      assignee_id: r.approverId,
      requires_admin: true,
      excluded_ids,
      since: r.waitingSince,
    });
  }
  if (r.status === 'APPROVED' && r.pending) {
    tasks.push({ ...record, kind: 'approve-customer-change', title: 'Change to an approved customer', assignee_id: r.pending.approverId, requires_admin: true, excluded_ids, since: r.pending.proposedAt });
  }
  return tasks;
}

function paperCopyTasks(r: PaperCopyFacts): Task[] {
  if (!r.open) return [];
  return [
    {
      kind: 'dispatch-paper-copy',
      record_id: r.requestId,
      record_number: r.documentNumber,
      title: `${r.quantity} × ${r.docName}`,
      assignee_id: null,
      requires_admin: true,
      since: r.requestedAt,
      due_date: r.dueDate,
    },
  ];
}

/** One row, always: whether a review is due depends on today and the configured cadence (queries.ts). */
function auditTrailTasks(r: AuditTrailFacts): Task[] {
  return [{ kind: 'review-audit-trail', record_id: 'audit-trail', record_number: 'Audit trail', title: 'Audit trail not reviewed yet', assignee_id: null, requires_admin: true, since: r.reviewedUntil }];
}

/** The open tasks of one record, as its facts say now (pure). */
export function tasksOf(recordKey: string, record: TaskRecord): TaskRow[] {
  const tasks =
    record.kind === 'change-order'
      ? changeOrderTasks(record)
      : record.kind === 'customer'
        ? customerTasks(record)
        : record.kind === 'paper-copy'
          ? paperCopyTasks(record)
          : auditTrailTasks(record);
  return tasks.map((task) => ({
    id: `${task.kind}:${task.record_id}`,
    record_key: recordKey,
    detail: null,
    excluded_ids: [],
    due_date: null,
    visible_from: null,
    visible_until: null,
    ...task,
  }));
}
