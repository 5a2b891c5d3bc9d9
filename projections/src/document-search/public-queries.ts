import type { Queryable } from '@ifu/storage/database/database';
import { approvedCustomerNamedSql, CUSTOMER_RECORD_SELECT, type CustomerRecord, type CustomerRecordRow, toCustomerRecord } from '../customer-list/queries';

/**
 * What the public sees of the documents (spec §4 public search): a child is public when it is approved,
 * active with an active change order, Online, effective on `today` or earlier, and the current version (never
 * superseded, or superseded from a day still to come). Its customer must be approved too: the routes check that.
 */
export const PUBLIC_CHILD = (alias: string, today: string) =>
  `${alias}.status = 'APPROVED' AND ${alias}.listed AND NOT ${alias}.is_internal AND ${alias}.effective_date <= ${today}::date
   AND (${alias}.obsolete_date IS NULL OR ${alias}.obsolete_date > ${today}::date)`;

/** A product family on a customer's public page: its newest approved change order (name and logo) and its key. */
export interface PublicFamily {
  parentChangeId: string;
  productFamilyName: string;
  familyKey: string;
}

/**
 * A public child's row carries its change order's status, approval position, accessibility and activity (`listed`:
 * the child and its change order are both active), so the newest approved change order of a family with a public
 * child is the first public child in document_search_public_family's order: the walk stops there, whatever the size
 * of the family (bench: public, where sorting every child of the family had cost 8 to 12 ms at 100,000 children).
 */
const PUBLIC_FAMILY_ROWS = `d.listed AND d.status = 'APPROVED' AND NOT d.is_internal`;

/**
 * The newest approved change order with a public child in a customer's family, over SQL expressions (parameters, or
 * a joined row's columns). Columns: id, product_family_name, family_key.
 */
const newestPublicOfFamily = (customerId: string, familyKeyExpression: string, today: string) =>
  `SELECT d.parent_change_id AS id, d.product_family_name, d.family_key
     FROM document_search d
    WHERE d.customer_id = ${customerId} AND d.family_key = ${familyKeyExpression} AND ${PUBLIC_FAMILY_ROWS} AND ${PUBLIC_CHILD('d', today)}
    ORDER BY d.approved_position DESC, d.parent_change_id
    LIMIT 1`;

/**
 * The product families of a customer with at least one public document, by name: each shown by its most recently
 * approved change order that still has a public document. The customer's family keys are walked through the index
 * one key at a time (a recursive CTE: as many steps as families, not as many as documents), then each family's newest
 * public change order as in `findPublicFamily`.
 */
export async function publicProductFamilies(db: Queryable, customerId: string, today: string): Promise<PublicFamily[]> {
  const { rows } = await db.query<FamilyRow>(
    `WITH RECURSIVE keys AS (
       (SELECT d.family_key FROM document_search d WHERE d.customer_id = $1 AND ${PUBLIC_FAMILY_ROWS} ORDER BY d.family_key LIMIT 1)
       UNION ALL
       SELECT (SELECT d.family_key FROM document_search d
                WHERE d.customer_id = $1 AND ${PUBLIC_FAMILY_ROWS} AND d.family_key > k.family_key ORDER BY d.family_key LIMIT 1)
         FROM keys k WHERE k.family_key IS NOT NULL)
     SELECT f.id, f.product_family_name, f.family_key
       FROM keys k CROSS JOIN LATERAL (${newestPublicOfFamily('$1', 'k.family_key', '$2')}) f
      WHERE k.family_key IS NOT NULL
      ORDER BY lower(f.product_family_name), f.id`,
    [customerId, today],
  );
  return rows.map(toFamily);
}

/**
 * The statement of the public family a parentChangeId names for a customer (`findPublicFamily`), over SQL expressions
 * (parameters, or a joined customer's id): the named change order's family key, then the family's newest approved
 * change order with a public child. Columns: id, product_family_name, family_key.
 */
const publicFamilySql = (customerId: string, parentChangeId: string, today: string) =>
  newestPublicOfFamily(
    customerId,
    `(SELECT n.family_key FROM document_search_parents np JOIN document_search n ON n.parent_change_id = np.id
       WHERE np.id = ${parentChangeId} AND np.customer_id = ${customerId} AND np.status = 'APPROVED' LIMIT 1)`,
    today,
  );

/**
 * The public family a parentChangeId names for a customer (a search link's family): any approved change order of
 * that customer whose family has a public document today, shown by its newest approved change order with one;
 * undefined otherwise. A link made for an older version of a family keeps working once a newer one is approved.
 * Two index lookups (the change order's family key, then the family's newest public child through
 * document_search_public_family), whatever the customer's number of families or the family's number of documents.
 */
export async function findPublicFamily(db: Queryable, customerId: string, parentChangeId: string, today: string): Promise<PublicFamily | undefined> {
  const { rows } = await db.query<FamilyRow>(publicFamilySql('$2', '$1', '$3'), [parentChangeId.toLowerCase(), customerId, today]);
  return rows[0] && toFamily(rows[0]);
}

type FamilyRow = { id: string; product_family_name: string; family_key: string };
const toFamily = (row: FamilyRow): PublicFamily => ({ parentChangeId: row.id, productFamilyName: row.product_family_name, familyKey: row.family_key });

const scopeSql = (named: string) =>
  `SELECT named.*, f.id AS family_id, f.product_family_name AS family_name, f.family_key AS family_key
     FROM (${named}) named
     LEFT JOIN LATERAL (${publicFamilySql('named.id', '$2', '$3')}) f ON true`;
const SCOPE_BY_NAME_SQL = scopeSql(approvedCustomerNamedSql('$1'));
const SCOPE_BY_ID_SQL = scopeSql(`${CUSTOMER_RECORD_SELECT} WHERE c.id = $1 AND c.status = 'APPROVED'`);

/** What a search link opens, as things are today: its approved customer, and the public family it names (if any). */
export interface PublicScope {
  customer: CustomerRecord;
  family: PublicFamily | undefined;
}

/**
 * The approved customer a public request names (its name, current or former, or its id) with the public family
 * `parentChangeId` names for it (`findPublicFamily`), in one statement: every public search and download asks both
 * (bench: public; as two statements they would be two of a search's four round trips). Undefined when no approved
 * customer has that name or id.
 */
export async function findVisitorScope(
  db: Queryable,
  customer: { name: string } | { id: string },
  parentChangeId: string,
  today: string,
): Promise<PublicScope | undefined> {
  const byName = 'name' in customer;
  const sql = byName ? SCOPE_BY_NAME_SQL : SCOPE_BY_ID_SQL;
  const params = [byName ? customer.name : customer.id, parentChangeId.toLowerCase(), today];
  type ScopeRow = CustomerRecordRow & { family_id: string | null; family_name: string | null; family_key: string | null };
  // A prepared statement where the driver has them: its parse and plan are not paid on every search.
  const { rows } = db.queryPrepared
    ? await db.queryPrepared<ScopeRow>(byName ? 'ifu_public_scope_by_name' : 'ifu_public_scope_by_id', sql, params)
    : await db.query<ScopeRow>(sql, params);
  const row = rows[0];
  if (!row) return undefined;
  const family = row.family_id !== null && row.family_name !== null && row.family_key !== null
    ? toFamily({ id: row.family_id, product_family_name: row.family_name, family_key: row.family_key })
    : undefined;
  return { customer: toCustomerRecord(row), family };
}

/** A document a visitor may download: what the download records and serves. */
export interface PublicDocumentFile {
  childDocumentId: string;
  parentChangeId: string;
  documentNumber: string;
  fileId: string;
  sha256: string;
  docName: string;
}

/** The child if it is public today and of this customer's family (a search link's scope); undefined otherwise. */
export async function findPublicDocument(
  db: Queryable,
  childDocumentId: string,
  scope: { customerId: string; familyKey: string },
  today: string,
): Promise<PublicDocumentFile | undefined> {
  const { rows } = await db.query<{ id: string; parent_change_id: string; document_number: string; file_id: string; sha256: string; doc_name: string }>(
    `SELECT d.id, d.parent_change_id, d.document_number, d.file_id, d.sha256, d.doc_name
       FROM document_search d
       JOIN document_search_parents p ON p.id = d.parent_change_id AND p.status = 'APPROVED' AND p.active AND NOT p.is_internal
      WHERE d.id = $1 AND d.customer_id = $2 AND d.family_key = $3 AND ${PUBLIC_CHILD('d', '$4')}`,
    [childDocumentId, scope.customerId, scope.familyKey, today],
  );
  const row = rows[0];
  return row && { childDocumentId: row.id, parentChangeId: row.parent_change_id, documentNumber: row.document_number, fileId: row.file_id, sha256: row.sha256, docName: row.doc_name };
}
