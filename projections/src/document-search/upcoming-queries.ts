import type { Queryable } from '@ifu/storage/database/database';

/**
 * Approved, Online leaflets whose effective date has not come yet (`YYYY-MM-DD`, after `today`), of approved customers:
 * what a scan or a permalink finds before the day, so that the page says when it takes effect. Offline (internal)
 * documents are never named.
 */
const UPCOMING = (alias: string, today: string) =>
  `${alias}.status = 'APPROVED' AND ${alias}.listed AND NOT ${alias}.is_internal AND ${alias}.effective_date > ${today}::date`;

/** The first day a leaflet of this GTIN (14 digits) takes effect, when none is public today; undefined when none is coming. */
export async function firstUpcomingDateByGtin(db: Queryable, gtin: string, today: string): Promise<string | undefined> {
  const { rows } = await db.query<{ day: string | null }>(
    `SELECT to_char(min(d.effective_date), 'YYYY-MM-DD') AS day
       FROM document_search d JOIN customer_list c ON c.id = d.customer_id AND c.status = 'APPROVED'
      WHERE d.gtin = $1 AND d.gtin <> '' AND ${UPCOMING('d', '$2')}`,
    [gtin, today],
  );
  return rows[0]?.day ?? undefined;
}

/** The first day a version of the document this number names (any of its versions' numbers) takes effect; undefined when none is coming. */
export async function firstUpcomingDateByNumber(db: Queryable, documentNumber: string, today: string): Promise<string | undefined> {
  const { rows } = await db.query<{ day: string | null }>(
    `WITH named AS (
       SELECT n.* FROM document_search n WHERE upper(n.document_number) = upper($1) AND n.listed AND n.status = 'APPROVED' LIMIT 1)
     SELECT to_char(min(d.effective_date), 'YYYY-MM-DD') AS day
       FROM named n
       JOIN document_search d ON d.customer_id = n.customer_id AND d.family_key = n.family_key
        AND lower(d.associated_reference_number) = lower(n.associated_reference_number)
        AND lower(d.product_sub_family_name_one) = lower(n.product_sub_family_name_one)
       JOIN customer_list c ON c.id = d.customer_id AND c.status = 'APPROVED'
      WHERE ${UPCOMING('d', '$2')}`,
    [documentNumber, today],
  );
  return rows[0]?.day ?? undefined;
}
