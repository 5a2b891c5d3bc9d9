import type { Queryable } from '@ifu/storage/database/database';
import { PUBLIC_CHILD } from './public-queries';

/**
 * What a label's address leads to (eIFU): the GS1 Digital Link resolver and the permalinks read the
 * documents here. A document's versions are the approved documents of one customer, product family, IFU Number and
 * Part Number (as the staff view's versions), numbered 1, 2, ... in the order they were approved: a number once
 * given stays (an approved document is never deactivated, so the count before it never changes).
 */
export interface LabelDocument {
  childDocumentId: string;
  parentChangeId: string;
  documentNumber: string;
  customerId: string;
  customerName: string;
  /**
   * A reader who has the document's address (a scanned label, its permalink) may download it without an emailed link:
   * the customer has open access, or lets a scanned label's document open (`scanned-document`).
   */
  openAccess: boolean;
  productFamilyName: string;
  /** Part Number. */
  partNumber: string;
  /** IFU Number: the lot the leaflet covers. */
  ifuNumber: string;
  additionalLots: string;
  serialRanges: string;
  /** 14 digits, '' when none. */
  gtin: string;
  countryList: string;
  languageList: string;
  changeDescription: string;
  /** Its date of issue: the change order's effective date, `YYYY-MM-DD`. */
  effectiveDate: string;
  /** From this day a later version replaces it, `YYYY-MM-DD`. */
  obsoleteDate: string | null;
  docName: string;
  sha256: string;
  /** Its number among the versions, from 1. */
  version: number;
  /** The version the public is given today. */
  current: boolean;
  /** Was or is public: approved, Online, effective by today (a superseded version stays readable as a version). */
  published: boolean;
}

/** The same document: customer, family, IFU Number and Part Number (the index `document_search_versions`). */
const SAME_DOCUMENT = (a: string, b: string) =>
  `${a}.customer_id = ${b}.customer_id AND ${a}.family_key = ${b}.family_key
   AND lower(${a}.associated_reference_number) = lower(${b}.associated_reference_number)
   AND lower(${a}.product_sub_family_name_one) = lower(${b}.product_sub_family_name_one)
   AND ${a}.listed AND ${a}.status = 'APPROVED'`;

const COLUMNS = (today: string) => `d.id, d.parent_change_id, d.document_number, d.customer_id, c.customer_name,
  (c.open_access OR c.visitor_access IN ('open', 'scanned-document')) AS open_access,
  d.product_family_name, d.product_sub_family_name_one, d.associated_reference_number, d.additional_lots, d.serial_ranges, d.gtin,
  d.country_list, d.language_list, d.change_description, to_char(d.effective_date, 'YYYY-MM-DD') AS effective_date,
  to_char(d.obsolete_date, 'YYYY-MM-DD') AS obsolete_date, d.doc_name, d.sha256,
  (${PUBLIC_CHILD('d', today)}) AS current,
  (d.status = 'APPROVED' AND d.listed AND NOT d.is_internal AND d.effective_date <= ${today}::date) AS published`;

type LabelRow = {
  id: string;
  parent_change_id: string;
  document_number: string;
  customer_id: string;
  customer_name: string;
  open_access: boolean;
  product_family_name: string;
  product_sub_family_name_one: string;
  associated_reference_number: string;
  additional_lots: string;
  serial_ranges: string;
  gtin: string;
  country_list: string;
  language_list: string;
  change_description: string;
  effective_date: string;
  obsolete_date: string | null;
  doc_name: string;
  sha256: string;
  version: number | string;
  current: boolean;
  published: boolean;
};

const toLabelDocument = (row: LabelRow): LabelDocument => ({
  childDocumentId: row.id,
  parentChangeId: row.parent_change_id,
  documentNumber: row.document_number,
  customerId: row.customer_id,
  customerName: row.customer_name,
  openAccess: row.open_access,
  productFamilyName: row.product_family_name,
  partNumber: row.product_sub_family_name_one,
  ifuNumber: row.associated_reference_number,
  additionalLots: row.additional_lots,
  serialRanges: row.serial_ranges,
  gtin: row.gtin,
  countryList: row.country_list,
  languageList: row.language_list,
  changeDescription: row.change_description,
  effectiveDate: row.effective_date,
  obsoleteDate: row.obsolete_date,
  docName: row.doc_name,
  sha256: row.sha256,
  version: Number(row.version),
  current: row.current,
  published: row.published,
});

/**
 * The documents public today for a device (its GTIN as 14 digits), of approved customers, with their version
 * numbers: what the resolver chooses from. At most 200 (a device's leaflets: lots times languages).
 */
export async function findPublicDocumentsByGtin(db: Queryable, gtin: string, today: string): Promise<LabelDocument[]> {
  const { rows } = await db.query<LabelRow>(
    `SELECT ${COLUMNS('$2')},
            (SELECT count(*) FROM document_search v WHERE ${SAME_DOCUMENT('v', 'd')} AND (v.approved_position, v.id) <= (d.approved_position, d.id)) AS version
       FROM document_search d
       JOIN customer_list c ON c.id = d.customer_id AND c.status = 'APPROVED'
      WHERE d.gtin = $1 AND d.gtin <> '' AND ${PUBLIC_CHILD('d', '$2')}
      ORDER BY lower(d.associated_reference_number), d.document_number
      LIMIT 200`,
    [gtin, today],
  );
  return rows.map(toLabelDocument);
}

/**
 * Every version of the document a document number names (any of its versions' numbers), oldest first, with its
 * customer; undefined when the number names no approved document of an approved customer. At most the newest 500.
 */
export async function findDocumentVersionsByNumber(db: Queryable, documentNumber: string, today: string): Promise<LabelDocument[] | undefined> {
  const { rows } = await db.query<LabelRow>(
    `WITH named AS (
       SELECT n.* FROM document_search n WHERE upper(n.document_number) = upper($1) AND n.listed AND n.status = 'APPROVED' LIMIT 1)
     SELECT * FROM (
       SELECT ${COLUMNS('$2')}, row_number() OVER (ORDER BY d.approved_position, d.id) AS version
         FROM named n
         JOIN document_search d ON ${SAME_DOCUMENT('d', 'n')}
         JOIN customer_list c ON c.id = d.customer_id AND c.status = 'APPROVED'
        ORDER BY d.approved_position DESC, d.id DESC
        LIMIT 500) newest
     ORDER BY version`,
    [documentNumber, today],
  );
  return rows.length === 0 ? undefined : rows.map(toLabelDocument);
}

/** A code of a search by what is on the box, lower case, with the GTIN (14 digits) it is when it is one. */
export interface IdentifierCode {
  code: string;
  gtin?: string;
}

/** A document found by what is on the box; `exact`: a code is its part number or its GTIN exactly. */
export type IdentifierMatch = LabelDocument & { exact: boolean };

/** How many documents a search by what is on the box answers: a device's leaflets (lots times languages). */
export const IDENTIFIER_RESULTS_MAX = 100;

/** `%…%` for LIKE, the reader's wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One customer's public documents (today, in the reader's country when one is given) that every code names: its
 * GTIN, part number, IFU Number or further lot, or document number exactly, or (3 characters or more) inside one of
 * its numbers. An exact part number or GTIN ranks first, then an exact document number or lot, then the reader's
 * languages; a fragment ('CF-2520') finds every leaflet whose numbers hold it, a whole part number ('CF-2520-EN') only
 * its own.
 */
export async function findPublicDocumentsByIdentifier(
  db: Queryable,
  input: { customerId: string; codes: readonly IdentifierCode[]; country: string; readerLanguages: readonly string[]; today: string },
): Promise<IdentifierMatch[]> {
  const params: unknown[] = [input.customerId, input.today];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const matches: string[] = [];
  const first: string[] = [];
  const second: string[] = [];
  for (const { code, gtin } of input.codes) {
    const value = param(code);
    const primary = [`lower(d.product_sub_family_name_one) = ${value}`];
    if (gtin) primary.push(`d.gtin = ${param(gtin)}`);
    const secondary = [
      `lower(d.document_number) = ${value}`,
      `lower(d.associated_reference_number) = ${value}`,
      `(',' || lower(replace(d.additional_lots, ' ', '')) || ',') LIKE ${param(containing(`,${code},`))}`,
    ];
    const inside = code.length >= 3 ? [`d.numbers LIKE ${param(containing(code))}`, `lower(d.additional_lots) LIKE ${param(containing(code))}`] : [];
    first.push(`(${primary.join(' OR ')})::int`);
    second.push(`(${secondary.join(' OR ')})::int`);
    matches.push(`(${[...primary, ...secondary, ...inside].join(' OR ')})`);
  }
  if (matches.length === 0) return [];
  const country = input.country
    ? `AND (',' || upper(replace(d.country_list, ' ', '')) || ',') LIKE ${param(containing(`,${input.country.toUpperCase()},`))}`
    : '';
  const preference = input.readerLanguages.length
    ? `coalesce((SELECT min(array_position(${param([...input.readerLanguages])}::text[], l))
                  FROM unnest(string_to_array(lower(replace(d.language_list, ' ', '')), ',')) AS l), 1000)`
    : '0';
  const { rows } = await db.query<LabelRow & { rank_first: number }>(
    `SELECT * FROM (
       SELECT ${COLUMNS('$2')}, (${first.join(' + ')}) AS rank_first, (${second.join(' + ')}) AS rank_second, ${preference} AS preference,
              (SELECT count(*) FROM document_search v WHERE ${SAME_DOCUMENT('v', 'd')} AND (v.approved_position, v.id) <= (d.approved_position, d.id)) AS version
         FROM document_search d
         JOIN customer_list c ON c.id = d.customer_id AND c.status = 'APPROVED'
        WHERE d.customer_id = $1 AND ${PUBLIC_CHILD('d', '$2')} ${country} AND ${matches.join(' AND ')}
        ORDER BY rank_first DESC, rank_second DESC, preference, lower(d.product_family_name), lower(d.product_sub_family_name_one), d.document_number
        LIMIT ${IDENTIFIER_RESULTS_MAX}) found
     ORDER BY rank_first DESC, rank_second DESC, preference, lower(product_family_name), lower(product_sub_family_name_one), document_number`,
    params,
  );
  return rows.map((row) => ({ ...toLabelDocument(row), exact: Number(row.rank_first) > 0 }));
}
