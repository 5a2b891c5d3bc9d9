import { z } from 'zod';

/**
 * My tasks: what waits for the signed-in staff member, from the `tasks` read model (projections/src/tasks/), each
 * linking to its record in the admin portal. Time-dependent rules (a review date coming near, an information task
 * running out, the audit trail's cadence) are applied when the list is read, so a rebuilt read model equals the live one.
 */

/** An author's approved change order stays on their list this many days after its approval (an information task). */
export const APPROVED_TASK_DAYS = 14;
/** How many days of the audit trail may stay unreviewed before a review is a task (AUDIT_REVIEW_CADENCE_DAYS). */
export const AUDIT_REVIEW_CADENCE_DEFAULT_DAYS = 30;
/** The most tasks one answer lists (the newest); `count` counts them all. */
export const TASKS_LISTED_MAX = 200;

export const TaskKind = z.enum([
  /** A change order waiting for its approver's signature. */
  'approve-change-order',
  /** A customer waiting for its approver: new, or edited since its rejection. */
  'approve-customer',
  /** A change to an approved customer waiting for the approver it names. */
  'approve-customer-change',
  /** The author's own change order to revise: rejected, or its periodic review concluded 'revise'. */
  'revise-change-order',
  /** The author's own change order was approved (information, for APPROVED_TASK_DAYS). */
  'change-order-approved',
  /** An approved change order's periodic review is due within REVIEW_REMINDER_DAYS, or overdue (any ADMIN who did not write it). */
  'periodic-review',
  /** A paper copy requested and not yet dispatched (ADMIN). */
  'dispatch-paper-copy',
  /** A stretch of the audit trail longer than the cadence is not reviewed yet (ADMIN). */
  'review-audit-trail',
]);
export type TaskKind = z.infer<typeof TaskKind>;

/** Each kind's short label, as the list and its badges say it. */
export const TASK_LABELS: Record<TaskKind, string> = {
  'approve-change-order': 'Approve change order',
  'approve-customer': 'Approve customer',
  'approve-customer-change': 'Approve customer change',
  'revise-change-order': 'To revise',
  'change-order-approved': 'Approved',
  'periodic-review': 'Periodic review due',
  'dispatch-paper-copy': 'Paper copy to dispatch',
  'review-audit-trail': 'Audit trail to review',
};

export const TASK_MESSAGES = {
  title: 'My tasks',
  empty: 'Nothing is waiting for you.',
  /** The assigned approver wrote the record (its creator or last editor): the approver policy refuses their decision. */
  approverIsAuthor: 'You created or last edited it, so you cannot approve it: an ADMIN can reassign it to another approver.',
} as const;

/** One task as `GET /tasks/mine` answers it. */
export const MyTask = z.object({
  /** Stable while the task is open: `<kind>:<record id>`. */
  id: z.string(),
  kind: TaskKind,
  /** The kind's short label (TASK_LABELS). */
  label: z.string(),
  /** The record's id (a parentChangeId, customerId or requestId; `audit-trail` for the review). */
  recordId: z.string(),
  /** What people call the record: a change order's number, a customer's name, a document's number. */
  recordNumber: z.string(),
  /** A line that says what it is: the product family, the document's file, the range to review. */
  title: z.string(),
  /** Where the admin portal shows the record (a path, e.g. `/document/view/<id>`). */
  link: z.string(),
  /** Since when it waits (ISO 8601, UTC). */
  since: z.string(),
  /** The day it is due (`YYYY-MM-DD`), where there is one. */
  dueDate: z.string().nullable(),
  /** The due date has passed (UTC). */
  overdue: z.boolean(),
  /** One more line where there is one: a rejection's reason, the range of the trail to review. */
  detail: z.string().nullable(),
  /** Why the viewer cannot act on it now, where they cannot (TASK_MESSAGES.approverIsAuthor). */
  blockedReason: z.string().nullable(),
});
export type MyTask = z.infer<typeof MyTask>;

/** `GET /tasks/mine`: the newest first, at most TASKS_LISTED_MAX; `count` is all of them. */
export const MyTasksResponse = z.object({ tasks: z.array(MyTask), count: z.number().int() });
export type MyTasksResponse = z.infer<typeof MyTasksResponse>;

/** `GET /tasks/mine/count`: what the side menu shows (it asks often). */
export const MyTasksCountResponse = z.object({ count: z.number().int() });
export type MyTasksCountResponse = z.infer<typeof MyTasksCountResponse>;
