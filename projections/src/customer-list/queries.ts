import type { CustomerListRow, PendingCustomerChange, RejectedCustomerChange } from './projection';
import { type CustomerDetails, DEFAULT_VISITOR_ACCESS, type Signature } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { type Page, type PageRequest, queryPage } from '../paging';

export interface CustomerRecord extends CustomerDetails {
  id: string;
  approver: { id: string; name: string; email: string } | null;
  logo: { sha256: string; contentType: string } | null;
  status: string;
  approvedDate: string | null;
  decision: { signature: Signature; reason: string | null } | null;
  createdAt: string;
  /** Visitors may search and download without an emailed link: the ADMIN's switch, or the record's choice `open`. */
  openAccess: boolean;
  /** The ADMIN's switch alone (View Customer). */
  openAccessSwitch: boolean;
  /** The customer stream's version this row shows: the record's ETag. */
  version: number;
  /** A change waiting for the approver's signature; the fields above are the approved ones meanwhile. */
  pendingChange:
    | (Omit<PendingCustomerChange, 'delegatedFrom'> & {
        approver: { id: string; name: string; email: string } | null;
        delegatedFrom: { id: string; name: string; email: string } | null;
      })
    | null;
  /** The last pending change the approver rejected, until the next change. */
  changeRejection: RejectedCustomerChange | null;
  /** The approver policy's facts (who created it, who edited it last), as the decider folds them. */
  createdBy: string | null;
  lastEditedBy: string | null;
  /** The absent approver whose delegate the approver is ("D (delegate of X)"), or null; a pending change has its own. */
  delegatedFrom: { id: string; name: string; email: string } | null;
}

/** A stored row with its approver's name and address joined in. */
export type CustomerRecordRow = CustomerListRow & {
  approver_name: string | null;
  approver_email: string | null;
  pending_approver_name: string | null;
  pending_approver_email: string | null;
  delegator_name: string | null;
  delegator_email: string | null;
  pending_delegator_name: string | null;
  pending_delegator_email: string | null;
};

/**
 * The customer as a CustomerRecord reads it (alias `c`): other read models' queries that answer a customer too. The
 * columns are named, not `c.*`: a prepared statement built on it (the public scope) must keep its result's shape when
 * a migration adds a column, or PostgreSQL refuses the cached plan ("cached plan must not change result type").
 */
export const CUSTOMER_RECORD_SELECT = `
  SELECT c.id, c.customer_name, c.contact_email, c.contact_information, c.country_exclusion_list, c.customer_website_link,
         c.approver_id, c.logo_sha256, c.logo_content_type, c.status, c.approved_date, c.decision_signature, c.decision_reason,
         c.created_at, c.former_names, c.open_access, c.visitor_access, c.stream_version, c.pending_change, c.change_rejection,
         c.created_by, c.last_edited_by, c.delegated_from,
         u.first_name || ' ' || u.last_name AS approver_name, u.email AS approver_email,
         pu.first_name || ' ' || pu.last_name AS pending_approver_name, pu.email AS pending_approver_email,
         du.first_name || ' ' || du.last_name AS delegator_name, du.email AS delegator_email,
         pdu.first_name || ' ' || pdu.last_name AS pending_delegator_name, pdu.email AS pending_delegator_email
    FROM customer_list c LEFT JOIN user_accounts u ON u.id = c.approver_id
    LEFT JOIN user_accounts pu ON pu.id = c.pending_change->'details'->>'approverId'
    LEFT JOIN user_accounts du ON du.id = c.delegated_from
    LEFT JOIN user_accounts pdu ON pdu.id = c.pending_change->>'delegatedFrom'`;

export const toCustomerRecord = (row: CustomerRecordRow): CustomerRecord => ({
  id: row.id,
  customerName: row.customer_name,
  contactEmail: row.contact_email,
  contactInformation: row.contact_information,
  countryExclusionList: row.country_exclusion_list,
  customerWebsiteLink: row.customer_website_link,
  approverId: row.approver_id,
  approver: row.approver_email ? { id: row.approver_id, name: row.approver_name ?? '', email: row.approver_email } : null,
  logo: row.logo_sha256 && row.logo_content_type ? { sha256: row.logo_sha256, contentType: row.logo_content_type } : null,
  status: row.status,
  approvedDate: row.approved_date === null ? null : new Date(row.approved_date).toISOString(),
  decision: row.decision_signature ? { signature: row.decision_signature, reason: row.decision_reason } : null,
  createdAt: new Date(row.created_at).toISOString(),
  visitorAccess: row.visitor_access ?? DEFAULT_VISITOR_ACCESS,
  openAccess: (row.open_access ?? false) || row.visitor_access === 'open',
  openAccessSwitch: row.open_access ?? false,
  version: row.stream_version,
  pendingChange: row.pending_change
    ? {
        ...row.pending_change,
        approver: row.pending_approver_email
          ? { id: row.pending_change.details.approverId, name: row.pending_approver_name ?? '', email: row.pending_approver_email }
          : null,
        delegatedFrom: row.pending_change.delegatedFrom
          ? { id: row.pending_change.delegatedFrom, name: row.pending_delegator_name ?? '', email: row.pending_delegator_email ?? '' }
          : null,
      }
    : null,
  changeRejection: row.change_rejection ?? null,
  createdBy: row.created_by ?? null,
  lastEditedBy: row.last_edited_by ?? null,
  delegatedFrom: row.delegated_from ? { id: row.delegated_from, name: row.delegator_name ?? '', email: row.delegator_email ?? '' } : null,
});

export type CustomerSortField = 'customerName' | 'contactEmail' | 'status' | 'createdAt';
/** What a USER is shown of a customer (id, name, logo, status), and so all a USER may sort on. */
export type CustomerSummarySortField = 'customerName' | 'status';

const listed = { select: CUSTOMER_RECORD_SELECT, where: [], params: [], map: toCustomerRecord };

/** Manage Customer's list, oldest first unless sorted: every customer, or one page (`total` counts all matches). */
export function listCustomers(db: Queryable, request: PageRequest<CustomerSortField> = {}): Promise<Page<CustomerRecord>> {
  return queryPage(db, request, {
    ...listed,
    searchIn: "customer_name || ' ' || contact_email",
    sortColumns: { customerName: 'lower(customer_name)', contactEmail: 'lower(contact_email)', status: 'status', createdAt: 'created_at' },
    defaultOrder: 'created_at, id',
  });
}

/**
 * The customer list as a USER may have it: matched and sorted only on what a USER is shown, the
 * name and the status, by name unless sorted. A search or an order over a field the USER is not shown (the contact
 * email, the creation time) would tell its value.
 */
export function listCustomerSummaries(db: Queryable, request: PageRequest<CustomerSummarySortField> = {}): Promise<Page<CustomerRecord>> {
  return queryPage(db, request, {
    ...listed,
    searchIn: 'customer_name',
    sortColumns: { customerName: 'lower(customer_name)', status: 'status' },
    defaultOrder: 'lower(customer_name), id',
  });
}

export async function listApprovedCustomers(db: Queryable): Promise<CustomerRecord[]> {
  const { rows } = await db.query<CustomerRecordRow>(`${CUSTOMER_RECORD_SELECT} WHERE c.status = 'APPROVED' ORDER BY lower(c.customer_name)`);
  return rows.map(toCustomerRecord);
}

export async function findCustomerById(db: Queryable, id: string): Promise<CustomerRecord | undefined> {
  const { rows } = await db.query<CustomerRecordRow>(`${CUSTOMER_RECORD_SELECT} WHERE c.id = $1`, [id]);
  return rows[0] && toCustomerRecord(rows[0]);
}

/** A customer's stored logo: its content address and type. */
export interface CustomerLogo {
  sha256: string;
  contentType: string;
}

/**
 * A customer's logo alone, with the id as `id` (a parameter): one row by its key, none of the joins of
 * `findCustomerById`. The staff logo download reads it on every request, in the session's statement.
 */
export const customerLogoSql = (id: string) => `SELECT logo_sha256, logo_content_type FROM customer_list WHERE id = ${id}`;

/** The logo of `customerLogoSql`'s row; undefined when there is no row or the customer has no logo. */
export function toCustomerLogo(row: { logo_sha256?: unknown; logo_content_type?: unknown } | undefined): CustomerLogo | undefined {
  const sha256 = row?.logo_sha256;
  const contentType = row?.logo_content_type;
  return typeof sha256 === 'string' && sha256 && typeof contentType === 'string' && contentType ? { sha256, contentType } : undefined;
}

export async function findCustomerByName(db: Queryable, name: string): Promise<CustomerRecord | undefined> {
  const { rows } = await db.query<CustomerRecordRow>(`${CUSTOMER_RECORD_SELECT} WHERE lower(c.customer_name) = lower($1)`, [name]);
  return rows[0] && toCustomerRecord(rows[0]);
}

/**
 * The approved customer a public URL names, by its name or a name it had before a rename (its current name first):
 * the statement, with the name as `name` (a parameter), for queries that answer more beside it.
 */
export const approvedCustomerNamedSql = (name: string) =>
  `${CUSTOMER_RECORD_SELECT} WHERE c.status = 'APPROVED' AND (lower(c.customer_name) = lower(${name}) OR lower(${name}) = ANY(c.former_names))
    ORDER BY (lower(c.customer_name) = lower(${name})) DESC LIMIT 1`;

/** The approved customer a public URL names: by its name, or by a name it had before a rename. */
export async function findApprovedCustomerByAnyName(db: Queryable, name: string): Promise<CustomerRecord | undefined> {
  const { rows } = await db.query<CustomerRecordRow>(approvedCustomerNamedSql('$1'), [name]);
  return rows[0] && toCustomerRecord(rows[0]);
}
