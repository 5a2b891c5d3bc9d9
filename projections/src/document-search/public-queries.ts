import type { Queryable } from '@ifu/storage/database/database';

/**
 * What the public sees of the documents (spec §4 public search, issue 11): a child is public when it is approved,
 * active with an active change order, Online, effective on `today` or earlier, and the current version (never
 * superseded, or superseded from a day still to come). Its customer must be approved too: the routes check that.
 */
export const PUBLIC_CHILD = (alias: string, today: string) =>
  `${alias}.status = 'APPROVED' AND ${alias}.listed AND NOT ${alias}.is_internal AND ${alias}.effective_date <= ${today}::date
   AND (${alias}.obsolete_date IS NULL OR ${alias}.obsolete_date > ${today}::date)`;

/** The family key of a change order's product family name, as the projection keeps it (`familyKey`). */
const FAMILY_KEY = (column: string) => `lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g'))`;

/** A product family on a customer's public page: its newest approved change order (name and logo) and its key. */
export interface PublicFamily {
  parentChangeId: string;
  productFamilyName: string;
  familyKey: string;
}

/**
 * The product families of a customer with at least one public document, by name: each shown by its most recently
 * approved change order that still has a public document.
 */
export async function publicProductFamilies(db: Queryable, customerId: string, today: string): Promise<PublicFamily[]> {
  const { rows } = await db.query<{ id: string; product_family_name: string; family_key: string }>(
    `SELECT id, product_family_name, family_key FROM (
       SELECT DISTINCT ON (${FAMILY_KEY('p.product_family_name')}) p.id, p.product_family_name, ${FAMILY_KEY('p.product_family_name')} AS family_key
         FROM document_search_parents p
        WHERE p.customer_id = $1 AND p.status = 'APPROVED' AND p.active AND NOT p.is_internal
          AND EXISTS (SELECT 1 FROM document_search d WHERE d.parent_change_id = p.id AND ${PUBLIC_CHILD('d', '$2')})
        ORDER BY ${FAMILY_KEY('p.product_family_name')}, p.approved_position DESC) f
      ORDER BY lower(product_family_name), id`,
    [customerId, today],
  );
  return rows.map((row) => ({ parentChangeId: row.id, productFamilyName: row.product_family_name, familyKey: row.family_key }));
}

/**
 * The public family a parentChangeId names for a customer (a search link's family): any approved change order of
 * that customer whose family has a public document today; undefined otherwise. A link made for an older version of a
 * family keeps working once a newer one is approved.
 */
export async function findPublicFamily(db: Queryable, customerId: string, parentChangeId: string, today: string): Promise<PublicFamily | undefined> {
  const { rows } = await db.query<{ family_key: string }>(
    `SELECT ${FAMILY_KEY('product_family_name')} AS family_key FROM document_search_parents WHERE id = $1 AND customer_id = $2 AND status = 'APPROVED'`,
    [parentChangeId.toLowerCase(), customerId],
  );
  const key = rows[0]?.family_key;
  if (key === undefined) return undefined;
  return (await publicProductFamilies(db, customerId, today)).find((family) => family.familyKey === key);
}
