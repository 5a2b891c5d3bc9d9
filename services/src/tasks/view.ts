import { type MyTask, TASK_LABELS, TASK_MESSAGES, type TaskKind } from '@ifu/contracts';
import type { StoredTask, TaskClock, TaskViewer } from '@ifu/projections';

const DAY_MS = 86_400_000;

/** The UTC day of a moment (`YYYY-MM-DD`). */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The moment the tasks are read for: today (UTC), now, and where the audit trail's review becomes due (what is
 * reviewed ends more than `cadenceDays` before today's start, so the stretch up to yesterday is longer than that).
 */
export function taskClock(now: Date, cadenceDays: number): TaskClock {
  const today = utcDay(now);
  return { today, now, auditReviewedBefore: new Date(Date.parse(`${today}T00:00:00.000Z`) - cadenceDays * DAY_MS) };
}

/** Where the admin portal shows each kind's record. */
const linkOf = (kind: TaskKind, recordId: string): string => {
  switch (kind) {
    case 'approve-change-order':
    case 'revise-change-order':
    case 'change-order-approved':
    case 'periodic-review':
      return `/document/view/${encodeURIComponent(recordId)}`;
    case 'approve-customer':
    case 'approve-customer-change':
      return `/managecustomer?customer=${encodeURIComponent(recordId)}`;
    case 'dispatch-paper-copy':
      return '/paperCopies';
    case 'review-audit-trail':
      return '/audittrail';
    default: {
      const unhandled: never = kind;
      return unhandled;
    }
  }
};

/** The tasks an approver decides: the approver policy refuses them to the record's creator and last editor. */
const APPROVALS: ReadonlySet<TaskKind> = new Set(['approve-change-order', 'approve-customer', 'approve-customer-change']);

/** One stored task as the viewer reads it: its label, where its record is, whether it is overdue, and why they cannot act. */
export function presentTask(task: StoredTask, viewer: TaskViewer, clock: TaskClock): MyTask {
  const authorOfIt = task.assigneeId === viewer.userId && APPROVALS.has(task.kind) && task.excludedIds.includes(viewer.userId);
  return {
    id: task.id,
    kind: task.kind,
    label: TASK_LABELS[task.kind],
    recordId: task.recordId,
    recordNumber: task.recordNumber,
    title: task.title,
    link: linkOf(task.kind, task.recordId),
    since: task.since,
    dueDate: task.dueDate,
    overdue: task.dueDate !== null && task.dueDate < clock.today,
    detail: task.detail,
    blockedReason: authorOfIt ? TASK_MESSAGES.approverIsAuthor : null,
  };
}
