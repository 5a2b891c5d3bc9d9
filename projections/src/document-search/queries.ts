import type { Queryable } from '@ifu/storage/database/database';
import { PUBLIC_CHILD } from './public-queries';
import { SEARCH_CONFIGS } from './search-configs';

/**
 * The public search's scope (spec §7.4): one approved customer's one product family, only public documents
 * (`PUBLIC_CHILD`), for a country and a language; optionally a fragment of a document's numbers.
 */
export interface VisitorScope {
  customerId: string;
  familyKey: string;
  /** ISO code, upper case; '' for every country. */
  country: string;
  /** ISO 639-1 code, lower case; '' for every language. */
  language: string;
  documentNumber: string;
  /**
   * The reader's languages (ISO 639-1, lower case, most preferred first, a handful at most): documents in the first
   * come first, then in the second, and so on, then the others; within each, the usual order.
   */
  readerLanguages?: readonly string[];
}

export interface SearchCriteria {
  keywords: string;
  changeOrderNo: string;
  productName: string;
  /** The customers the Customer Name field chose (none found: nothing matches); undefined: any customer. */
  customerIds?: readonly string[];
  /** Superseded versions whose obsolete date has come, instead of the current ones. */
  archive: boolean;
  /** `YYYY-MM-DD`: versions are current or archived as of this day. */
  today: string;
  limit: number;
  /**
   * What the snippet marks, folded (the API's `markedStems`): the text sent back for a hit is a window around the
   * first of them found in its PDF's text rather than the whole start of the text.
   */
  snippetStems?: readonly string[];
  /** The public search: only what a visitor of this link may see (the internal statuses are not shown). */
  visitor?: VisitorScope;
}

export interface SearchHit {
  childDocumentId: string;
  parentChangeId: string;
  documentNumber: string;
  changeOrderNo: string;
  productName: string;
  changeDescription: string;
  keywords: string;
  associatedReferenceNumber: string;
  productSubFamilyNameOne: string;
  /** The device's GTIN as 14 digits (its UDI-DI), '' when none. */
  gtin: string;
  customerName: string;
  languageList: string;
  countryList: string;
  status: 'REQUIRE_APPROVAL' | 'APPROVED' | 'REJECTED';
  isInternal: boolean;
  effectiveDate: string;
  obsoleteDate: string | null;
  archived: boolean;
  docName: string;
  /**
   * When the search had words, the part of the PDF's text the snippet is cut from: a window around the first of the
   * snippet's stems where SQL finds one, else the start of the text; empty when the document was found by its own
   * fields and the start of its text holds none of the stems. The API finds and marks the snippet in it.
   */
  snippetSource: string | null;
}

/**
 * How much of a hit's PDF text the snippet is looked for in. ts_headline parsed the whole text of every hit and made
 * a search of 50 hits cost tens of milliseconds (bench: search); finding the first matching word in the start of the
 * text is cheap.
 */
const SNIPPET_SOURCE_CHARS = 12_000;

/**
 * The window sent back around the first stem SQL finds (characters before it, and in all): the API's snippet takes
 * 160 before and 400 after the first match it finds in the window. Fifty hits' 12,000 characters each would be 600 KB
 * read, sent and folded for every search (bench: search, the very frequent term).
 */
const SNIPPET_WINDOW_BEFORE = 200;
const SNIPPET_WINDOW_CHARS = 900;

/**
 * What SQL looks for to place a snippet's window: each stem at a word's start (after a space or a line break) in lower
 * case, capitalised and upper case, or anywhere when it holds a digit (a number fragment sits inside a number).
 * Plain strpos, which costs microseconds over a text, where lower() of every hit's 12,000 characters had cost more
 * than the transfer it saved.
 */
export function snippetNeedles(stems: readonly string[]): string[] {
  const needles = new Set<string>();
  for (const stem of stems) {
    const cases = [stem, stem.charAt(0).toUpperCase() + stem.slice(1), stem.toUpperCase()];
    for (const cased of cases) {
      if (/\d/.test(stem)) needles.add(cased);
      else for (const before of [' ', '\n']) needles.add(before + cased);
    }
  }
  return [...needles];
}

/**
 * How many of the documents whose own fields hold the words are ranked: a word in every document's keywords is ranked
 * among its newest matches only, so that a frequent word costs what a rare one does (bench: search, the very frequent
 * term). The documents whose PDF text alone holds the words all rank alike (their own fields do not hold them): they
 * come after, newest first, and only a page of them is read.
 */
const RANKED_CANDIDATES = 300;

/**
 * The newest listed documents whose PDF text a staff search reads first for the words. A word not among the text
 * vectors' most common elements is estimated at 0.5 % of the documents whatever its real share; with a million
 * documents the planner then walks the newest-first index and unpacks every vector for a word in twenty of them
 * (bench: search, the rare term answered search-too-costly at 1,000,000). Reading a bounded number of the newest
 * first, and only when they hold less than a page of matches the word's own index, keeps either case bounded: a
 * word in at least 1 in 40 documents fills a page from the probe; a rarer one has fewer matches than the index
 * hands out cheaply.
 */
export const PROBED_NEWEST = 2000;

/** A search uses at most this many distinct words: more add nothing to finding a document, only cost. */
export const MAX_SEARCH_WORDS = 12;

/**
 * The words of a search, each once, at most MAX_SEARCH_WORDS (case aside): `websearch_to_tsquery` reads them with
 * their quotes and minus signs; repeating a word only made the query (and its snippet) costlier.
 */
export function searchWords(text: string): string {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const key = word.toLowerCase();
    if (word === '' || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words.join(' ');
}

/** The user's text for LIKE with its wildcards taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%…%` for LIKE with the user's wildcards taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** How every change order number starts (`CO-2026-00042`), lower case. */
const CHANGE_ORDER_PREFIX = 'co-';

/** Text that names part of a number ('lot-a', '00042'): also looked for inside the numbers, not only as whole words. */
const looksLikeNumberFragment = (text: string) => text.length >= 3 && /[\d-]/.test(text);

let knownConfigs: { at: number; configs: string[] } | undefined;

/** The text search configurations in use (a handful; read at most once a minute). */
async function configsInUse(db: Queryable, now: number): Promise<string[]> {
  if (knownConfigs && now - knownConfigs.at < 60_000) return knownConfigs.configs;
  const { rows } = await db.query<{ config: string }>('SELECT config FROM document_search_configs ORDER BY config');
  const configs = ['ifu_simple', ...rows.map((row) => row.config).filter((c) => c !== 'ifu_simple' && SEARCH_CONFIGS.has(c))];
  knownConfigs = { at: now, configs };
  return configs;
}

/** Forgets the configurations read and the searches parsed under them (a test or a rebuild that emptied the table). */
export const forgetSearchConfigs = () => {
  knownConfigs = undefined;
  parsedQueries.clear();
};

/** How many parsed searches are kept: visitors and staff repeat their searches; a handful of kB at most. */
const PARSED_QUERIES_KEPT = 1000;
/** Parsed searches by configurations and words, least recently used first (a Map keeps insertion order). */
const parsedQueries = new Map<string, string[]>();

/**
 * The words as a query in each configuration in use, each different query once (a word most languages stem alike is
 * one query, not nine): the OR of nine copies had cost five times the one query in matching and ranking (bench:
 * search, the common term). No query when every configuration drops every word (stop words only). The parse depends
 * only on the configurations and the words (websearch_to_tsquery with a configuration is immutable), so a repeated
 * search is answered from memory: one round trip fewer for most searches (bench: public).
 */
async function distinctQueries(db: Queryable, configs: readonly string[], words: string): Promise<string[]> {
  const key = `${configs.join(',')}\u0000${words}`;
  const known = parsedQueries.get(key);
  if (known) {
    parsedQueries.delete(key);
    parsedQueries.set(key, known);
    return known;
  }
  const { rows } = await db.query<{ query: string }>(
    `SELECT DISTINCT query FROM (SELECT websearch_to_tsquery(c::regconfig, $1)::text AS query FROM unnest($2::text[]) AS c) parsed
      WHERE query <> '' ORDER BY query`,
    [words, configs],
  );
  const parsed = rows.map((row) => row.query);
  parsedQueries.set(key, parsed);
  if (parsedQueries.size > PARSED_QUERIES_KEPT) parsedQueries.delete(parsedQueries.keys().next().value as string);
  return parsed;
}

/**
 * The internal search (spec §2.8): the current versions (approved and current, or awaiting approval) or, with
 * `archive`, the superseded ones; full text over numbers, names, keywords, descriptions and the PDF's own text, in
 * every language in use, ranked; a fragment of a number matches by trigram. At most `limit` hits, best first.
 */
export async function searchDocuments(db: Queryable, criteria: SearchCriteria, now = Date.now()): Promise<SearchHit[]> {
  const params: unknown[] = [criteria.today];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['d.listed'];
  where.push(
    criteria.archive
      ? `d.status = 'APPROVED' AND d.obsolete_date IS NOT NULL AND d.obsolete_date <= $1::date`
      : `d.status IN ('APPROVED', 'REQUIRE_APPROVAL') AND (d.obsolete_date IS NULL OR d.obsolete_date > $1::date)`,
  );
  if (criteria.customerIds) {
    // One customer is an equality, which the search's indexes answer with the words (btree_gin); ANY(...) they cannot.
    const ids = criteria.customerIds;
    where.push(ids.length === 1 ? `d.customer_id = ${param(ids[0])}` : `d.customer_id = ANY(${param(ids)}::text[])`);
  }
  /** The results' first order: the reader's languages when a visitor gives them, else none. */
  let preference = '0';
  if (criteria.visitor) {
    const visitor = criteria.visitor;
    where.push(`d.customer_id = ${param(visitor.customerId)}`, `d.family_key = ${param(visitor.familyKey)}`, PUBLIC_CHILD('d', '$1'));
    // The lists are comma-separated codes ('DE,US', 'de,en'): a code is in one when ',code,' is in ',list,'.
    if (visitor.country) where.push(`(',' || upper(replace(d.country_list, ' ', '')) || ',') LIKE ${param(`%,${escapeLike(visitor.country.toUpperCase())},%`)}`);
    if (visitor.language) where.push(`(',' || lower(replace(d.language_list, ' ', '')) || ',') LIKE ${param(`%,${escapeLike(visitor.language.toLowerCase())},%`)}`);
    if (visitor.readerLanguages?.length) {
      // The position of the reader's most preferred language the document is in (1 = their first), 1000 for none.
      preference = `coalesce((SELECT min(array_position(${param([...visitor.readerLanguages])}::text[], l))
                                FROM unnest(string_to_array(lower(replace(d.language_list, ' ', '')), ',')) AS l), 1000)`;
    }
    if (visitor.documentNumber) where.push(`d.numbers LIKE ${param(containsPattern(visitor.documentNumber.toLowerCase()))}`);
  }
  if (criteria.changeOrderNo) {
    const lowered = criteria.changeOrderNo.toLowerCase();
    if (lowered.startsWith(CHANGE_ORDER_PREFIX)) {
      // 'CO-' only ever starts a change order number (CO-2026-00042): containing it is starting with it, which the
      // btree on lower(document_id) answers at once; the trigram index had built a bitmap of every 'co-2026-' (bench:
      // search, 16 ms at 500,000 documents).
      where.push(`lower(d.document_id) LIKE ${param(`${escapeLike(lowered)}%`)}`);
    } else {
      const pattern = param(containsPattern(lowered));
      where.push(`d.numbers LIKE ${pattern} AND lower(d.document_id) LIKE ${pattern}`);
    }
  }
  if (criteria.productName) where.push(`d.product_family_name ILIKE ${param(containsPattern(criteria.productName))}`);

  const words = searchWords(criteria.keywords);
  // The query written out in the statement, not taken from a CTE: the planner folds it to a constant (the two-argument
  // websearch_to_tsquery is immutable) and estimates from the vector's statistics how many rows hold it. Behind a CTE it
  // assumed every word rare and built a bitmap of every match even for a word in every document (bench: search).
  let query = 'NULL::tsquery';
  /** The document's own fields hold the words (or its numbers the fragment): ranked first. */
  let ownFields = 'false';
  if (words) {
    const parsed = await distinctQueries(db, await configsInUse(db, now), words);
    query = parsed.length === 0 ? `''::tsquery` : `(${parsed.map((text) => `${param(text)}::tsquery`).join(' || ')})`;
    // A negated word ('-sterile') may be in the PDF text, which rank_vector does not hold: then the whole vector decides.
    const owns = [parsed.some((text) => text.includes('!')) ? `(d.rank_vector @@ ${query} AND d.search @@ ${query})` : `d.rank_vector @@ ${query}`];
    if (looksLikeNumberFragment(words)) owns.push(`d.numbers LIKE ${param(containsPattern(words.toLowerCase()))}`);
    ownFields = `(${owns.join(' OR ')})`;
  }
  const limit = param(criteria.limit);
  // The public search shows no snippet: its hits' texts are not read at all.
  const withSnippets = Boolean(words) && !criteria.visitor;
  const needles = param(withSnippets ? snippetNeedles(criteria.snippetStems ?? []) : []);
  // The columns an answer shows: never the full vector, which would be unpacked for nothing.
  const shown = `d.id, d.parent_change_id, d.document_number, d.document_id, d.product_family_name, d.change_description, d.keywords,
    d.associated_reference_number, d.product_sub_family_name_one, d.gtin, d.customer_id, d.language_list, d.country_list, d.status,
    d.is_internal, d.doc_name, d.effective_date, d.obsolete_date, d.sha256`;
  const filters = where.join(' AND ');
  // With words, the candidates by relevance, not scan order: first the documents whose own fields match (their own small
  // index, ranked, at most RANKED_CANDIDATES of them), then those whose PDF text alone matches, in the order they are
  // shown in (rank 0 alike: the newest first), only a page of them. A document whose name holds a word is never lost
  // behind hundreds of PDF texts that hold it.
  // When a page of own-field matches is found, the PDF-text matches are not looked for at all (a one-time filter): a
  // word in every document's keywords would otherwise have every row read to find none that only its text holds. Not
  // for a visitor's languages, which come before the own fields.
  const enough = preference === '0' ? `(SELECT count(*) FROM own) < ${limit} AND ` : '';
  const own = `own AS MATERIALIZED (SELECT ${shown}, ${preference} AS preference, true AS own, ts_rank_cd(d.rank_vector, ${query}) AS rank
                             FROM document_search d WHERE ${filters} AND ${ownFields}
                            ORDER BY preference, d.effective_date DESC, d.id LIMIT ${RANKED_CANDIDATES})`;
  const textOnly = `${filters} AND d.search @@ ${query} AND NOT ${ownFields}`;
  const narrowed = Boolean(criteria.customerIds || criteria.productName || criteria.changeOrderNo);
  // Newest first, as shown: the PROBED_NEWEST newest documents read for the words; when they hold a page of matches,
  // those are the answer; else the words' index gives every match (fewer than 1 in 40 documents), the fence (OFFSET 0)
  // keeping the planner from walking the newest-first index over all of them.
  const probed = () => `probed AS MATERIALIZED (SELECT ${shown}, 0 AS preference, false AS own, 0::real AS rank
                                 FROM (SELECT * FROM document_search d WHERE ${enough}${filters}
                                        ORDER BY d.effective_date DESC, d.id LIMIT ${param(PROBED_NEWEST)}) d
                                WHERE d.search @@ ${query} AND NOT ${ownFields}
                                ORDER BY d.effective_date DESC, d.id LIMIT ${limit}),
       indexed AS (SELECT * FROM (SELECT ${shown}, 0 AS preference, false AS own, 0::real AS rank FROM document_search d
                                   WHERE (SELECT count(*) FROM probed) < ${limit} AND ${enough}${textOnly} OFFSET 0) matched
                    ORDER BY effective_date DESC, id LIMIT ${limit})`;
  const candidates = !words
    ? `ranked AS (SELECT ${shown}, ${preference} AS preference, false AS own, 0::real AS rank FROM document_search d WHERE ${filters}
                   ORDER BY preference, d.effective_date DESC, d.id LIMIT ${limit})`
    : preference === '0' && !narrowed
      ? `${own}, ${probed()},
       ranked AS (SELECT * FROM own
                  UNION ALL SELECT * FROM probed WHERE (SELECT count(*) FROM probed) >= ${limit}
                  UNION ALL SELECT * FROM indexed)`
      : // A visitor's languages order the answer first, which no index gives; a customer, product or change order
        // narrows the documents, so that the newest-first walk would pass many others to find 2,000 of them (bench:
        // search, the combined filter at 1,000,000: 265 ms), while the words' index leads with the customer.
        `${own},
       ranked AS (SELECT * FROM own
                  UNION ALL
                  (SELECT ${shown}, ${preference} AS preference, false AS own, 0::real AS rank FROM document_search d
                    WHERE ${enough}${textOnly}
                    ORDER BY preference, d.effective_date DESC, d.id LIMIT ${limit}))`;
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH ${candidates},
     hits AS (SELECT * FROM ranked ORDER BY preference, own DESC, rank DESC, effective_date DESC, id LIMIT ${limit}),
     -- The start of each hit's PDF text, unpacked once (MATERIALIZED): an expression over it would unpack it again.
     texts AS MATERIALIZED (SELECT h.id, left(t.text, ${SNIPPET_SOURCE_CHARS}) AS head
                              FROM hits h JOIN document_file_text t ON t.sha256 = h.sha256 WHERE ${withSnippets ? 'true' : 'false'})
     SELECT h.id, h.parent_change_id, h.document_number, h.document_id, h.product_family_name, h.change_description, h.keywords,
            h.associated_reference_number, h.product_sub_family_name_one, h.gtin, coalesce(cu.customer_name, '') AS customer_name,
            h.language_list, h.country_list, h.status, h.is_internal, h.doc_name,
            to_char(h.effective_date, 'YYYY-MM-DD') AS effective_date, to_char(h.obsolete_date, 'YYYY-MM-DD') AS obsolete_date,
            (h.obsolete_date IS NOT NULL AND h.obsolete_date <= $1::date) AS archived,
            -- Where to look for the snippet (the API marks the words in it): around the first needle found, else the
            -- start of the text (an accented word, which only the API's folding finds).
            -- A document found by its own fields whose text does not hold the words gets no text at all (a number
            -- search had sent each hit's 12,000 characters for nothing): the API cuts its snippet from the fields.
            CASE WHEN ${withSnippets ? 'false' : 'true'} THEN NULL
                 WHEN m.at IS NULL AND h.own THEN ''
                 WHEN m.at IS NULL THEN x.head
                 ELSE substr(x.head, greatest(1, m.at - ${SNIPPET_WINDOW_BEFORE}), ${SNIPPET_WINDOW_CHARS}) END AS snippet_source
       FROM hits h
       LEFT JOIN customer_list cu ON cu.id = h.customer_id
       LEFT JOIN texts x ON x.id = h.id
       LEFT JOIN LATERAL (SELECT min(nullif(strpos(x.head, n), 0)) AS at FROM unnest(${needles}::text[]) AS n) m ON true
      ORDER BY h.preference, h.own DESC, h.rank DESC, h.effective_date DESC, h.id`,
    params,
  );
  return rows.map((row) => ({
    childDocumentId: String(row.id),
    parentChangeId: String(row.parent_change_id),
    documentNumber: String(row.document_number),
    changeOrderNo: String(row.document_id),
    productName: String(row.product_family_name),
    changeDescription: String(row.change_description),
    keywords: String(row.keywords),
    associatedReferenceNumber: String(row.associated_reference_number),
    productSubFamilyNameOne: String(row.product_sub_family_name_one),
    gtin: String(row.gtin ?? ''),
    customerName: String(row.customer_name),
    languageList: String(row.language_list),
    countryList: String(row.country_list),
    status: row.status as SearchHit['status'],
    isInternal: Boolean(row.is_internal),
    effectiveDate: String(row.effective_date),
    obsoleteDate: (row.obsolete_date as string | null) ?? null,
    archived: Boolean(row.archived),
    docName: String(row.doc_name),
    snippetSource: (row.snippet_source as string | null) ?? null,
  }));
}

/** A version of a child document as the view lists it. */
export interface VersionRecord {
  childDocumentId: string;
  parentChangeId: string;
  documentId: string;
  documentNumber: string;
  effectiveDate: string;
  obsoleteDate: string | null;
  supersededBy: string | null;
  approvedPosition: number | null;
  fields: Record<string, string>;
}

export interface ChildVersions {
  childDocumentId: string;
  obsoleteDate: string | null;
  supersededBy: { childDocumentId: string; documentNumber: string; parentChangeId: string; effectiveDate: string } | null;
  /** Earlier approved versions, newest first. */
  earlier: VersionRecord[];
}

/** The fields compared between versions (what changed from one to the next), by their API names. */
const VERSION_FIELDS = {
  associatedReferenceNumber: 'associated_reference_number',
  productSubFamilyNameOne: 'product_sub_family_name_one',
  productSubFamilyNameTwo: 'product_sub_family_name_two',
  billMaterialInformation: 'bill_material_information',
  keywords: 'keywords',
  countryList: 'country_list',
  languageList: 'language_list',
  changeDescription: 'change_description',
  changeJustification: 'change_justification',
  docName: 'doc_name',
  sha256: 'sha256',
} as const;

const VERSION_COLUMNS = `d.id, d.parent_change_id, d.document_id, d.document_number, to_char(d.effective_date, 'YYYY-MM-DD') AS effective_date,
  to_char(d.obsolete_date, 'YYYY-MM-DD') AS obsolete_date, d.superseded_by, d.approved_position::float8 AS approved_position,
  ${Object.values(VERSION_FIELDS).map((c) => `d.${c}`).join(', ')}`;

function versionOf(row: Record<string, unknown>): VersionRecord {
  return {
    childDocumentId: String(row.id),
    parentChangeId: String(row.parent_change_id),
    documentId: String(row.document_id),
    documentNumber: String(row.document_number),
    effectiveDate: String(row.effective_date),
    obsoleteDate: (row.obsolete_date as string | null) ?? null,
    supersededBy: (row.superseded_by as string | null) ?? null,
    approvedPosition: (row.approved_position as number | null) ?? null,
    fields: Object.fromEntries(Object.entries(VERSION_FIELDS).map(([name, column]) => [name, String(row[column] ?? '')])),
  };
}

/** What changed from one version to the next: fields, old and new. */
export function versionChanges(older: VersionRecord, newer: Pick<VersionRecord, 'fields'>): { field: string; old: string; new: string }[] {
  return Object.keys(VERSION_FIELDS)
    .filter((field) => older.fields[field] !== newer.fields[field])
    .map((field) => ({ field, old: older.fields[field]!, new: newer.fields[field]! }));
}

/**
 * The versions around each of these children: what supersedes it, and the approved versions before it (same
 * customer, product family, reference and part number, approved earlier), newest first, at most 20.
 */
export async function findChildVersions(db: Queryable, childIds: readonly string[]): Promise<Map<string, ChildVersions & { self: VersionRecord }>> {
  const found = new Map<string, ChildVersions & { self: VersionRecord }>();
  if (childIds.length === 0) return found;
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT d.id AS for_id, 'self' AS kind, ${VERSION_COLUMNS} FROM document_search d WHERE d.id = ANY($1)
     UNION ALL
     SELECT c.id, 'earlier', v.*
       FROM document_search c
       CROSS JOIN LATERAL (
         SELECT ${VERSION_COLUMNS} FROM document_search d
          WHERE d.customer_id = c.customer_id AND d.family_key = c.family_key
            AND lower(d.associated_reference_number) = lower(c.associated_reference_number)
            AND lower(d.product_sub_family_name_one) = lower(c.product_sub_family_name_one)
            AND d.listed AND d.status = 'APPROVED' AND d.id <> c.id
            AND d.approved_position < coalesce(c.approved_position, 9223372036854775807)
          ORDER BY d.approved_position DESC LIMIT 20) v
      WHERE c.id = ANY($1)`,
    [childIds],
  );
  for (const row of rows.filter((r) => r.kind === 'self')) {
    const self = versionOf(row);
    found.set(self.childDocumentId, { childDocumentId: self.childDocumentId, obsoleteDate: self.obsoleteDate, supersededBy: null, earlier: [], self });
  }
  for (const row of rows.filter((r) => r.kind === 'earlier')) found.get(String(row.for_id))?.earlier.push(versionOf(row));
  const successorIds = [...found.values()].map((v) => v.self.supersededBy).filter((id): id is string => id !== null);
  if (successorIds.length > 0) {
    const successors = await db.query<{ id: string; document_number: string; parent_change_id: string; effective_date: string }>(
      `SELECT id, document_number, parent_change_id, to_char(effective_date, 'YYYY-MM-DD') AS effective_date FROM document_search WHERE id = ANY($1)`,
      [successorIds],
    );
    const byId = new Map(successors.rows.map((s) => [s.id, s]));
    for (const versions of found.values()) {
      const successor = versions.self.supersededBy ? byId.get(versions.self.supersededBy) : undefined;
      versions.supersededBy = successor
        ? { childDocumentId: successor.id, documentNumber: successor.document_number, parentChangeId: successor.parent_change_id, effectiveDate: successor.effective_date }
        : null;
    }
  }
  return found;
}

/** The approved product families of a customer (one per family name, its most recent approved change order). */
export async function productFamiliesOfCustomer(db: Queryable, customerId: string): Promise<{ parentChangeId: string; productFamilyName: string }[]> {
  const { rows } = await db.query<{ id: string; product_family_name: string }>(
    `SELECT id, product_family_name FROM (
       SELECT DISTINCT ON (lower(trim(product_family_name))) id, product_family_name
         FROM document_search_parents
        WHERE customer_id = $1 AND active AND status = 'APPROVED'
        ORDER BY lower(trim(product_family_name)), approved_position DESC) f
     ORDER BY lower(product_family_name)`,
    [customerId],
  );
  return rows.map((row) => ({ parentChangeId: row.id, productFamilyName: row.product_family_name }));
}
