import type { TaskKind } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';

/** Who asks for their tasks, as their account is now (the authentication folds it from the log for each request). */
export interface TaskViewer {
  userId: string;
  isAdmin: boolean;
}

/** The moment the tasks are read for, and what the time-dependent rules compare with. */
export interface TaskClock {
  /** Today, UTC (`YYYY-MM-DD`): a periodic review shows from REVIEW_REMINDER_DAYS before its date. */
  today: string;
  /** Now: an information task shows until its end. */
  now: Date;
  /** The audit trail's review is due when what is reviewed ends before this moment (today's start less the cadence). */
  auditReviewedBefore: Date;
}

/** A task as stored, for the API to present. */
export interface StoredTask {
  id: string;
  kind: TaskKind;
  recordId: string;
  recordNumber: string;
  title: string;
  detail: string | null;
  /** Set for a task of one assignee: the viewer. */
  assigneeId: string | null;
  excludedIds: string[];
  since: string;
  dueDate: string | null;
}

interface Row {
  id: string;
  kind: TaskKind;
  record_id: string;
  record_number: string;
  title: string;
  detail: string | null;
  assignee_id: string | null;
  excluded_ids: string[];
  since: string | Date;
  due_date: string | null;
}

/**
 * The viewer's open tasks today: their own (an approver's only while they are an ADMIN), and those of any ADMIN that
 * the approver policy does not keep from them; each shown from its day and until its end.
 */
const MINE = `
  FROM tasks
 WHERE (NOT requires_admin OR $2::boolean)
   AND (assignee_id = $1 OR (assignee_id IS NULL AND NOT ($1 = ANY (excluded_ids))))
   AND (visible_from IS NULL OR visible_from <= $3::date)
   AND (visible_until IS NULL OR visible_until > $4::timestamptz)
   AND (kind <> 'review-audit-trail' OR since < $5::timestamptz)`;

const params = (viewer: TaskViewer, clock: TaskClock) => [viewer.userId, viewer.isAdmin, clock.today, clock.now.toISOString(), clock.auditReviewedBefore.toISOString()];

/** The viewer's tasks, the newest first (at most `limit`, at least 1), and how many there are in all. */
export async function findMyTasks(db: Queryable, viewer: TaskViewer, clock: TaskClock, limit: number): Promise<{ tasks: StoredTask[]; count: number }> {
  const { rows } = await db.query<Row & { total: string | number }>(
    `SELECT id, kind, record_id, record_number, title, detail, assignee_id, excluded_ids, since, to_char(due_date, 'YYYY-MM-DD') AS due_date,
            count(*) OVER () AS total
     ${MINE}
     ORDER BY since DESC, id
     LIMIT $6`,
    [...params(viewer, clock), limit],
  );
  const tasks = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recordId: row.record_id,
    recordNumber: row.record_number,
    title: row.title,
    detail: row.detail,
    assigneeId: row.assignee_id,
    excludedIds: row.excluded_ids,
    since: new Date(row.since).toISOString(),
    dueDate: row.due_date,
  }));
  return { tasks, count: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}

/** How many tasks the viewer has today: what the side menu shows. */
export async function countMyTasks(db: Queryable, viewer: TaskViewer, clock: TaskClock): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${MINE}`, params(viewer, clock));
  return Number(rows[0]?.n ?? 0);
}
