import type { ChangeOrderRef, DocumentFile, Signature } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { containing } from '../paging';
import type { ChangeOrderRow, ChildRow, LastReview, PendingAccessibility } from './projection';

export interface PersonRecord {
  id: string;
  firstName: string;
  name: string;
  email: string;
}

/** A change order as the screens read it, with its approver, author and customer as they are now. */
export interface ChangeOrderRecord {
  parentChangeId: string;
  documentId: string;
  approvalRoutingNumber: string;
  status: 'REQUIRE_APPROVAL' | 'APPROVED' | 'REJECTED';
  active: boolean;
  productFamilyName: string;
  productFamilyDescription: string;
  changeDescription: string;
  changeJustification: string;
  changeType: string;
  /** '' when none. */
  basicUdiDi: string;
  /** A safety revision. */
  safetyRevision: boolean;
  customerId: string;
  customerName: string;
  approverId: string;
  approver: PersonRecord | null;
  author: PersonRecord | null;
  /** Who created it and who changed it last (user ids): neither may decide on it (the approver policy). */
  createdBy: string;
  lastEditedBy: string;
  isInternal: boolean;
  /** `YYYY-MM-DD` */
  effectiveDate: string;
  approvedDate: string | null;
  comments: string;
  reason: string | null;
  logo: DocumentFile;
  files: DocumentFile[];
  children: ChildRow[];
  signatures: Signature[];
  createdAt: string;
  version: number;
  /** Revise and resubmit: the rejected change order this one revises, and the one revising this one. */
  revises: ChangeOrderRef | null;
  revisedBy: ChangeOrderRef | null;
  /** An Online/Offline change awaiting the approver's signature; `isInternal` is the approved value. */
  pendingAccessibility: PendingAccessibility | null;
  /** The day the next periodic review is due (`YYYY-MM-DD`), or null; the last signed review. */
  reviewDate: string | null;
  lastReview: LastReview | null;
  /** The last review concluded 'revise': the author may revise and resubmit this approved change order. */
  revisionAfterReview: boolean;
  /** The absent approver whose delegate the approver is (`approver`: "D (delegate of X)"), or null. */
  delegatedFrom: PersonRecord | null;
}

type Joined = ChangeOrderRow & {
  customer_name: string | null;
  approver_first_name: string | null;
  approver_last_name: string | null;
  approver_email: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
  delegator_first_name: string | null;
  delegator_last_name: string | null;
  delegator_email: string | null;
};

const JOINS = `
  LEFT JOIN customer_list cu ON cu.id = c.customer_id
  LEFT JOIN user_accounts ap ON ap.id = c.approver_id
  LEFT JOIN user_accounts au ON au.id = c.created_by
  LEFT JOIN user_accounts dl ON dl.id = c.delegated_from`;
const JOINED_COLUMNS = `cu.customer_name,
  ap.first_name AS approver_first_name, ap.last_name AS approver_last_name, ap.email AS approver_email,
  au.first_name AS author_first_name, au.last_name AS author_last_name, au.email AS author_email,
  dl.first_name AS delegator_first_name, dl.last_name AS delegator_last_name, dl.email AS delegator_email`;

/** `date` columns come back as a Date (pg) or a string (PGlite): both become `YYYY-MM-DD`. */
const isoDay = (value: string | Date) => (value instanceof Date ? new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate())) : new Date(value)).toISOString().slice(0, 10);

const person = (id: string, first: string | null, last: string | null, email: string | null): PersonRecord | null =>
  email === null ? null : { id, firstName: first ?? '', name: `${first ?? ''} ${last ?? ''}`.trim(), email };

const toRecord = (row: Joined): ChangeOrderRecord => ({
  parentChangeId: row.id,
  documentId: row.document_id,
  approvalRoutingNumber: row.approval_routing_number,
  status: row.status as ChangeOrderRecord['status'],
  active: row.active,
  productFamilyName: row.product_family_name,
  productFamilyDescription: row.product_family_description,
  changeDescription: row.change_description,
  changeJustification: row.change_justification,
  changeType: row.change_type,
  basicUdiDi: row.basic_udi_di ?? '',
  safetyRevision: row.safety_revision ?? false,
  customerId: row.customer_id,
  customerName: row.customer_name ?? '',
  approverId: row.approver_id,
  approver: person(row.approver_id, row.approver_first_name, row.approver_last_name, row.approver_email),
  author: person(row.created_by, row.author_first_name, row.author_last_name, row.author_email),
  createdBy: row.created_by,
  lastEditedBy: row.last_edited_by,
  isInternal: row.is_internal,
  effectiveDate: isoDay(row.effective_date),
  approvedDate: row.approved_date === null ? null : new Date(row.approved_date).toISOString(),
  comments: row.comments,
  reason: row.reason,
  logo: row.logo,
  files: row.files,
  children: row.children,
  signatures: row.signatures,
  createdAt: new Date(row.created_at).toISOString(),
  version: row.stream_version,
  revises: row.revises ?? null,
  revisedBy: row.revised_by ?? null,
  pendingAccessibility: row.pending_accessibility ?? null,
  reviewDate: row.review_date === null || row.review_date === undefined ? null : isoDay(row.review_date),
  lastReview: row.last_review ?? null,
  revisionAfterReview: row.revision_after_review ?? false,
  delegatedFrom: row.delegated_from ? person(row.delegated_from, row.delegator_first_name, row.delegator_last_name, row.delegator_email) : null,
});

/** The change order with this parent change id, or the one holding the child document with this id. */
export async function findChangeOrder(db: Queryable, id: string): Promise<ChangeOrderRecord | undefined> {
  // Two indexed lookups: an OR of both conditions would scan the whole table.
  const byParent = await db.query<Joined>(`SELECT c.*, ${JOINED_COLUMNS} FROM change_orders c ${JOINS} WHERE c.id = $1`, [id]);
  if (byParent.rows[0]) return toRecord(byParent.rows[0]);
  const byChild = await db.query<Joined>(`SELECT c.*, ${JOINED_COLUMNS} FROM change_orders c ${JOINS} WHERE c.child_ids @> ARRAY[$1]::text[] LIMIT 1`, [id]);
  return byChild.rows[0] && toRecord(byChild.rows[0]);
}

/** The change order holding the supporting file with this id. */
export async function findChangeOrderByFileId(db: Queryable, fileId: string): Promise<ChangeOrderRecord | undefined> {
  const { rows } = await db.query<Joined>(
    `SELECT c.*, ${JOINED_COLUMNS} FROM change_orders c ${JOINS} WHERE c.files @> jsonb_build_array(jsonb_build_object('fileId', $1::text)) LIMIT 1`,
    [fileId],
  );
  return rows[0] && toRecord(rows[0]);
}

export interface ChangeOrderListRequest {
  /** `pending`: only those awaiting approval (the 'Documents' tab); `all`: every active change order. */
  tab?: 'pending' | 'all';
  /** Only those this user wrote or must approve. */
  involving?: string;
  page?: number;
  pageSize?: number;
  sortField?: ChangeOrderSortField;
  sortOrder?: 'asc' | 'desc';
  search?: string;
  /** The day overdue reviews are counted against (`YYYY-MM-DD`, UTC today); each row says whether it is overdue. */
  today?: string;
  /** Only the change orders whose periodic review is overdue on `today`. */
  reviewOverdue?: boolean;
}

export type ChangeOrderSortField = 'documentId' | 'effectiveDate' | 'changeType' | 'isInternal' | 'status' | 'createdAt';

const SORT_COLUMNS: Record<ChangeOrderSortField, string> = {
  documentId: 'document_id',
  effectiveDate: 'effective_date',
  changeType: 'change_type',
  isInternal: 'is_internal',
  status: 'status',
  createdAt: 'created_at',
};

/** What the list shows of a change order: its own columns, the approver's first name, the customer's name. */
export interface ChangeOrderListItem {
  parentChangeId: string;
  documentId: string;
  effectiveDate: string;
  approverId: string;
  approverFirstName: string;
  customerName: string;
  changeType: string;
  isInternal: boolean;
  status: ChangeOrderRecord['status'];
  productFamilyName: string;
  createdAt: string;
  childCount: number;
  /** Who created it and who changed it last (user ids), for the approver policy; not for the screens. */
  createdBy: string;
  lastEditedBy: string;
  /** The day the next periodic review is due, or null; whether it has passed unreviewed on `today`. */
  reviewDate: string | null;
  reviewOverdue: boolean;
}

type ListRow = Pick<
  ChangeOrderRow,
  | 'id'
  | 'document_id'
  | 'effective_date'
  | 'approver_id'
  | 'change_type'
  | 'is_internal'
  | 'status'
  | 'product_family_name'
  | 'created_at'
  | 'child_count'
  | 'created_by'
  | 'last_edited_by'
  | 'review_date'
> & {
  approver_first_name: string | null;
  customer_name: string | null;
};

/**
 * The documents list (spec §2.7), newest first unless sorted. The page's ids are chosen first, from `change_orders`
 * alone by the index of the sort column (narrow, no `children` read), then only those rows are read and joined to their
 * approver and customer. The tabs' totals are kept by the projection (`change_order_totals`); only a search or the
 * logged-in user's own list is counted per request. So a page costs about the same with 100 or 100,000 change orders
 * (bench: documents list). Without `page`, the whole list.
 */
export async function listChangeOrders(db: Queryable, request: ChangeOrderListRequest = {}): Promise<{ rows: ChangeOrderListItem[]; total: number }> {
  const where = ['active'];
  const params: unknown[] = [];
  if (request.tab === 'pending') where.push(`status = 'REQUIRE_APPROVAL'`);
  if (request.involving) {
    params.push(request.involving);
    where.push(`(created_by = $${params.length} OR approver_id = $${params.length})`);
  }
  if (request.search?.trim()) {
    params.push(containing(request.search.trim()));
    where.push(`lower(document_id || ' ' || product_family_name) LIKE $${params.length}`);
  }
  const today = request.today ?? new Date().toISOString().slice(0, 10);
  if (request.reviewOverdue) {
    params.push(today);
    where.push(`status = 'APPROVED' AND review_date < $${params.length}::date`);
  }
  const filter = where.join(' AND ');
  const direction = request.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const sortColumn = request.sortField ? SORT_COLUMNS[request.sortField] : undefined;
  const order = (table: string) =>
    sortColumn ? `${table}.${sortColumn} ${direction}, ${table}.id ${direction}` : `${table}.created_at DESC, ${table}.id DESC`;
  const paged = request.page !== undefined;
  const size = Number(request.pageSize ?? 10);
  const limit = paged ? ` LIMIT ${size} OFFSET ${Number(request.page) * size}` : '';
  const { rows } = await db.query<ListRow>(
    `WITH page AS (SELECT o.id FROM change_orders o WHERE ${filter} ORDER BY ${order('o')}${limit})
     SELECT c.id, c.document_id, c.effective_date, c.approver_id, c.change_type, c.is_internal, c.status, c.product_family_name,
            c.created_at, c.child_count, c.created_by, c.last_edited_by, c.review_date, ap.first_name AS approver_first_name, cu.customer_name
       FROM page JOIN change_orders c ON c.id = page.id
       LEFT JOIN user_accounts ap ON ap.id = c.approver_id
       LEFT JOIN customer_list cu ON cu.id = c.customer_id
      ORDER BY ${order('c')}`,
    params,
  );
  const items = rows.map(
    (row): ChangeOrderListItem => ({
      parentChangeId: row.id,
      documentId: row.document_id,
      effectiveDate: isoDay(row.effective_date),
      approverId: row.approver_id,
      approverFirstName: row.approver_first_name ?? '',
      customerName: row.customer_name ?? '',
      changeType: row.change_type,
      isInternal: row.is_internal,
      status: row.status as ChangeOrderRecord['status'],
      productFamilyName: row.product_family_name,
      createdAt: new Date(row.created_at).toISOString(),
      childCount: Number(row.child_count),
      createdBy: row.created_by,
      lastEditedBy: row.last_edited_by,
      reviewDate: row.review_date === null ? null : isoDay(row.review_date),
      reviewOverdue: isReviewOverdue({ status: row.status, reviewDate: row.review_date === null ? null : isoDay(row.review_date) }, today),
    }),
  );
  if (!paged) return { rows: items, total: items.length };
  if (!request.involving && !request.search?.trim() && !request.reviewOverdue) {
    const { rows: totals } = await db.query<{ listed: number; pending: number }>('SELECT listed, pending FROM change_order_totals WHERE id = 1');
    return { rows: items, total: Number((request.tab === 'pending' ? totals[0]?.pending : totals[0]?.listed) ?? 0) };
  }
  const { rows: counted } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM change_orders WHERE ${filter}`, params);
  return { rows: items, total: Number(counted[0]?.n ?? 0) };
}

/** A periodic review is overdue once its review date has passed (UTC) on an approved change order. */
export const isReviewOverdue = (record: { status: string; reviewDate: string | null }, today: string) =>
  record.status === 'APPROVED' && record.reviewDate !== null && record.reviewDate < today;

/** An approved change order whose periodic review is due within the reminders' horizon. */
export interface PeriodicReviewToRemind {
  parentChangeId: string;
  documentId: string;
}

/**
 * The active approved change orders whose review date is on or before `horizon` (today + 30 days): the
 * daily reminders' candidates, oldest review date first. Whether a reminder is due and not yet sent is the decider's.
 */
export async function periodicReviewsToRemind(db: Queryable, horizon: string): Promise<PeriodicReviewToRemind[]> {
  const { rows } = await db.query<{ id: string; document_id: string }>(
    `SELECT id, document_id FROM change_orders WHERE active AND status = 'APPROVED' AND review_date <= $1::date ORDER BY review_date, id`,
    [horizon],
  );
  return rows.map((row) => ({ parentChangeId: row.id, documentId: row.document_id }));
}
