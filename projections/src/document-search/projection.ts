import { type ChildDetails, type DocumentEvent, type DocumentFile, gtin14 } from '@ifu/contracts';
import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Queryable } from '@ifu/storage/database/database';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { CHANGE_ORDER_EVENT_TYPES } from '../change-orders/projection';
import type { Projection } from '../projection';
import { configsForLanguages } from './search-configs';

/** A change order's fields its children's rows repeat (`document_search_parents`). */
interface ParentRow {
  id: string;
  document_id: string;
  status: string;
  active: boolean;
  customer_id: string;
  product_family_name: string;
  product_family_description: string;
  is_internal: boolean;
  effective_date: string;
  approved_position: number | null;
  stream_version: number;
}

/** A row of `document_search` without its vector (the database computes that from these fields and the PDF text). */
interface ChildRow {
  id: string;
  parent_change_id: string;
  document_id: string;
  document_number: string;
  customer_id: string;
  product_family_name: string;
  family_key: string;
  associated_reference_number: string;
  product_sub_family_name_one: string;
  product_sub_family_name_two: string;
  bill_material_information: string;
  keywords: string;
  change_description: string;
  change_justification: string;
  country_list: string;
  language_list: string;
  status: string;
  listed: boolean;
  is_internal: boolean;
  effective_date: string;
  approved_position: number | null;
  obsolete_date: string | null;
  superseded_by: string | null;
  file_id: string;
  sha256: string;
  doc_name: string;
  /** The device's GTIN as 14 digits, '' when none (the resolver's key). */
  gtin: string;
  /** Further lots the leaflet covers besides its IFU Number, `L1,L2`. */
  additional_lots: string;
  /** Serials and serial ranges it covers, `1000-1999,A17`. */
  serial_ranges: string;
  configs: string[];
  numbers: string;
  stream_version: number;
  /** Not a column: what the vector is made of (set only on rows whose text changed). */
  title?: string;
  body?: string;
  /** Not a column: the parent's description, part of the body. */
  family_description?: string;
}

const CHILD_COLUMNS = [
  'id',
  'parent_change_id',
  'document_id',
  'document_number',
  'customer_id',
  'product_family_name',
  'family_key',
  'associated_reference_number',
  'product_sub_family_name_one',
  'product_sub_family_name_two',
  'bill_material_information',
  'keywords',
  'change_description',
  'change_justification',
  'country_list',
  'language_list',
  'status',
  'listed',
  'is_internal',
  'effective_date',
  'approved_position',
  'obsolete_date',
  'superseded_by',
  'file_id',
  'sha256',
  'doc_name',
  'gtin',
  'additional_lots',
  'serial_ranges',
  'configs',
  'numbers',
  'stream_version',
] as const;

/** The columns a status, accessibility or activity change touches: written without recomputing the vector. */
const STATE_COLUMNS = ['status', 'listed', 'is_internal', 'approved_position', 'stream_version'] as const;

/** Same product family however it is capitalised or spaced. */
export const familyKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const isoDay = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** A child's fields from its parent's: what the change order contributes to each of its children's rows. */
function fromParent(parent: ParentRow) {
  return {
    parent_change_id: parent.id,
    document_id: parent.document_id,
    customer_id: parent.customer_id,
    product_family_name: parent.product_family_name,
    family_key: familyKey(parent.product_family_name),
    status: parent.status,
    is_internal: parent.is_internal,
    effective_date: parent.effective_date,
    approved_position: parent.approved_position,
    stream_version: parent.stream_version,
    family_description: parent.product_family_description,
  };
}

function withText(row: ChildRow, familyDescription: string): ChildRow {
  const numbers = [row.document_number, row.document_id, row.associated_reference_number, row.product_sub_family_name_one, row.product_sub_family_name_two, row.gtin]
    .join(' ')
    .toLowerCase();
  return {
    ...row,
    configs: configsForLanguages(row.language_list),
    numbers,
    title: [numbers, row.product_family_name, row.keywords, row.bill_material_information, row.doc_name].join(' '),
    body: [row.keywords, row.change_description, row.change_justification, familyDescription, row.product_family_name].join(' '),
  };
}

/** A child's product identifiers as the resolver reads them (absent in events recorded before children had them). */
const identifiersOf = (child: Pick<ChildDetails, 'gtin' | 'additionalLots' | 'serialRanges'>) => ({
  gtin: child.gtin ? gtin14(child.gtin) : '',
  additional_lots: child.additionalLots ?? '',
  serial_ranges: child.serialRanges ?? '',
});

function childRow(parent: ParentRow, child: ChildDetails & { childDocumentId: string; documentNumber: string; file: DocumentFile }): ChildRow {
  const { family_description, ...parentFields } = fromParent(parent);
  return withText(
    {
      ...parentFields,
      id: child.childDocumentId,
      document_number: child.documentNumber,
      associated_reference_number: child.associatedReferenceNumber,
      product_sub_family_name_one: child.productSubFamilyNameOne,
      product_sub_family_name_two: child.productSubFamilyNameTwo,
      bill_material_information: child.billMaterialInformation,
      keywords: child.keywords,
      change_description: child.changeDescription,
      change_justification: child.changeJustification,
      country_list: child.countryList,
      language_list: child.languageList,
      listed: parent.active,
      obsolete_date: null,
      superseded_by: null,
      file_id: child.file.fileId,
      sha256: child.file.sha256,
      doc_name: child.file.docName,
      ...identifiersOf(child),
      configs: [],
      numbers: '',
    },
    family_description,
  );
}

/** The rows of one batch in memory, with what each needs written. */
class Batch {
  readonly parents = new Map<string, ParentRow>();
  readonly children = new Map<string, ChildRow>();
  readonly changedParents = new Set<string>();
  /** Rows whose text changed: written whole, their vector recomputed. */
  readonly textChanged = new Set<string>();
  /** Rows whose state changed only. */
  readonly stateChanged = new Set<string>();
  /** Change orders approved in this batch: their children may supersede earlier versions. */
  readonly approved = new Set<string>();

  /** parent id → its children's ids (a batch may hold thousands of change orders). */
  private readonly byParent = new Map<string, Set<string>>();

  childrenOf(parentId: string): ChildRow[] {
    return [...(this.byParent.get(parentId) ?? [])].map((id) => this.children.get(id)!);
  }

  setChild(row: ChildRow, text: boolean) {
    this.children.set(row.id, row);
    const siblings = this.byParent.get(row.parent_change_id) ?? new Set<string>();
    siblings.add(row.id);
    this.byParent.set(row.parent_change_id, siblings);
    if (text) this.textChanged.add(row.id);
    else this.stateChanged.add(row.id);
  }

  /** A row as stored: known, nothing to write yet. */
  loadChild(row: ChildRow) {
    this.setChild(row, false);
    this.stateChanged.delete(row.id);
  }

  apply(recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as DocumentEvent;
    const parentId = event.data.parentChangeId;
    let parent = this.parents.get(parentId);
    if (event.type === 'ChangeOrderCreated') {
      if (parent) return;
      const d = event.data.details;
      parent = {
        id: parentId,
        document_id: event.data.documentId,
        status: 'REQUIRE_APPROVAL',
        active: true,
        customer_id: d.customerId,
        product_family_name: d.productFamilyName,
        product_family_description: d.productFamilyDescription,
        is_internal: d.isInternal,
        effective_date: d.effectiveDate,
        approved_position: null,
        stream_version: recorded.streamVersion,
      };
      this.parents.set(parentId, parent);
      this.changedParents.add(parentId);
      return;
    }
    // Applied once: an event at or below the change order's version is already in the rows.
    if (!parent || recorded.streamVersion <= parent.stream_version) return;
    parent = { ...parent, stream_version: recorded.streamVersion };
    let textChange = false;
    let childChange: ((row: ChildRow) => ChildRow) | undefined;
    switch (event.type) {
      case 'ChildDocumentAdded':
        this.setChild(childRow(parent, event.data.child), true);
        break;
      case 'ChangeOrderUpdated': {
        const d = event.data.details;
        parent = {
          ...parent,
          customer_id: d.customerId,
          product_family_name: d.productFamilyName,
          product_family_description: d.productFamilyDescription,
          is_internal: d.isInternal,
          effective_date: d.effectiveDate,
        };
        textChange = true;
        break;
      }
      case 'ChildDocumentUpdated': {
        const d = event.data;
        const row = this.children.get(d.childDocumentId);
        if (row) {
          const details = d.details;
          this.setChild(
            withText(
              {
                ...row,
                associated_reference_number: details.associatedReferenceNumber,
                product_sub_family_name_one: details.productSubFamilyNameOne,
                product_sub_family_name_two: details.productSubFamilyNameTwo,
                bill_material_information: details.billMaterialInformation,
                keywords: details.keywords,
                change_description: details.changeDescription,
                change_justification: details.changeJustification,
                country_list: details.countryList,
                language_list: details.languageList,
                ...identifiersOf(details),
                ...(d.file ? { file_id: d.file.fileId, sha256: d.file.sha256, doc_name: d.file.docName } : {}),
              },
              parent.product_family_description,
            ),
            true,
          );
        }
        break;
      }
      case 'ChildDocumentDeactivated': {
        const row = this.children.get(event.data.childDocumentId);
        if (row) this.setChild({ ...row, listed: false }, this.textChanged.has(row.id));
        break;
      }
      case 'ChangeOrderDeactivated':
        parent = { ...parent, active: false };
        childChange = (row) => ({ ...row, listed: false });
        break;
      case 'ChangeOrderApproved':
        parent = { ...parent, status: 'APPROVED', approved_position: recorded.position };
        this.approved.add(parentId);
        break;
      case 'ChangeOrderRejected':
        parent = { ...parent, status: 'REJECTED' };
        break;
      case 'ChangeOrderAccessibilityChanged':
        parent = { ...parent, is_internal: event.data.isInternal };
        break;
      default:
        break;
    }
    this.parents.set(parentId, parent);
    this.changedParents.add(parentId);
    const { family_description, ...parentFields } = fromParent(parent);
    for (const row of this.childrenOf(parentId)) {
      const next = { ...(childChange ? childChange(row) : row), ...parentFields };
      if (textChange) this.setChild(withText(next, family_description), true);
      else this.setChild(next, this.textChanged.has(row.id));
    }
  }
}

async function load(tx: Queryable, batch: Batch, parentIds: string[]) {
  const parents = await tx.query<ParentRow>(
    `SELECT id, document_id, status, active, customer_id, product_family_name, product_family_description, is_internal,
            to_char(effective_date, 'YYYY-MM-DD') AS effective_date, approved_position::float8 AS approved_position, stream_version
       FROM document_search_parents WHERE id = ANY($1)`,
    [parentIds],
  );
  for (const row of parents.rows) batch.parents.set(row.id, row);
  const children = await tx.query<ChildRow>(
    `SELECT ${CHILD_COLUMNS.filter((c) => !['effective_date', 'obsolete_date', 'approved_position'].includes(c)).join(', ')},
            to_char(effective_date, 'YYYY-MM-DD') AS effective_date, to_char(obsolete_date, 'YYYY-MM-DD') AS obsolete_date,
            approved_position::float8 AS approved_position
       FROM document_search WHERE parent_change_id = ANY($1)`,
    [parentIds],
  );
  for (const row of children.rows) batch.loadChild({ ...row, effective_date: isoDay(row.effective_date) });
}

async function write(tx: Queryable, batch: Batch) {
  if (batch.changedParents.size > 0) {
    await tx.query(
      `INSERT INTO document_search_parents SELECT * FROM jsonb_populate_recordset(NULL::document_search_parents, $1::jsonb)
       ON CONFLICT (id) DO UPDATE SET document_id = EXCLUDED.document_id, status = EXCLUDED.status, active = EXCLUDED.active,
         customer_id = EXCLUDED.customer_id, product_family_name = EXCLUDED.product_family_name,
         product_family_description = EXCLUDED.product_family_description, is_internal = EXCLUDED.is_internal,
         effective_date = EXCLUDED.effective_date, approved_position = EXCLUDED.approved_position, stream_version = EXCLUDED.stream_version`,
      [JSON.stringify([...batch.changedParents].map((id) => batch.parents.get(id)))],
    );
  }
  const textRows = [...batch.textChanged].map((id) => batch.children.get(id)!);
  if (textRows.length > 0) {
    const columns = CHILD_COLUMNS.filter((c) => c !== 'id');
    await tx.query(
      `INSERT INTO document_search (${CHILD_COLUMNS.join(', ')}, rank_vector, search)
       SELECT ${CHILD_COLUMNS.map((c) => `r.${c}`).join(', ')}, h.head, h.head || document_search_file(r.configs, r.sha256)
         -- One row per element (a join of two record sets had no statistics and became a nested loop of n × n).
         FROM jsonb_array_elements($1::jsonb) AS e
         CROSS JOIN LATERAL jsonb_populate_record(NULL::document_search, e) AS r
         CROSS JOIN LATERAL (SELECT document_search_head(r.configs, e->>'title', e->>'body') AS head) AS h
       ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, rank_vector = EXCLUDED.rank_vector, search = EXCLUDED.search`,
      [JSON.stringify(textRows)],
    );
    const configs = [...new Set(textRows.flatMap((row) => row.configs))];
    await tx.query(`INSERT INTO document_search_configs (config) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [configs]);
  }
  const stateRows = [...batch.stateChanged].filter((id) => !batch.textChanged.has(id)).map((id) => batch.children.get(id)!);
  if (stateRows.length > 0) {
    await tx.query(
      `UPDATE document_search d SET ${STATE_COLUMNS.map((c) => `${c} = r.${c}`).join(', ')}
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, status text, listed boolean, is_internal boolean, approved_position bigint, stream_version integer)
        WHERE d.id = r.id`,
      [JSON.stringify(stateRows.map((row) => Object.fromEntries((['id', ...STATE_COLUMNS] as const).map((c) => [c, row[c]]))))],
    );
  }
}

/**
 * Versions: each child of a change order approved in this batch supersedes the current approved child of the same
 * customer, product family, reference number and part number approved before it, from the new one's effective date.
 * Each old version goes to the nearest later approval, so a batch holding several approvals in a row chains them
 * exactly as one approval at a time would.
 */
async function supersede(tx: Queryable, approved: string[]) {
  if (approved.length === 0) return;
  await tx.query(
    // The new versions are read first by their change order alone (MATERIALIZED): with the status or \`listed\` in
    // the same scan the planner ANDed in a whole partial index, a scan that grew with the table (bench: search).
    `WITH approved_children AS MATERIALIZED (
       SELECT id, customer_id, family_key, associated_reference_number, product_sub_family_name_one, approved_position,
              effective_date, listed, status
         FROM document_search WHERE parent_change_id = ANY($1))
     UPDATE document_search old SET superseded_by = s.new_id, obsolete_date = s.new_effective
       FROM (SELECT DISTINCT ON (o.id) o.id AS old_id, n.id AS new_id, n.effective_date AS new_effective
               FROM approved_children n
               JOIN document_search o
                 ON o.customer_id = n.customer_id AND o.family_key = n.family_key
                AND lower(o.associated_reference_number) = lower(n.associated_reference_number)
                AND lower(o.product_sub_family_name_one) = lower(n.product_sub_family_name_one)
                AND o.listed AND o.status = 'APPROVED' AND o.superseded_by IS NULL
                AND o.approved_position < n.approved_position
              WHERE n.listed AND n.status = 'APPROVED'
              ORDER BY o.id, n.approved_position, n.id) s
      WHERE old.id = s.old_id`,
    [approved],
  );
}

/** The internal search and the versions of child documents: one row per child (spec §2.8; Documents II). */
export const documentSearchProjection: Projection = {
  name: 'document-search',
  tables: ['document_search', 'document_search_parents', 'document_search_configs'],
  handles: new Set(CHANGE_ORDER_EVENT_TYPES),
  // Each row adds hundreds of words to the full-text index and its numbers to the trigram index: built at once after
  // a rebuild's replay, not row by row.
  deferredIndexes: ['document_search_search', 'document_search_own_fields', 'document_search_numbers'],
  // A rebuild of a million children takes minutes: the searches keep reading the live tables meanwhile.
  rebuildsInShadow: true,
  async catchUpOutsideLog(tx, since) {
    // A PDF's text that came while the shadow was filled: its rows take its words now (as refreshDocumentText). The
    // texts' table is the API's (a database the API never migrated has none, and no text).
    const texts = await tx.query<{ found: boolean }>(`SELECT to_regclass('document_file_text') IS NOT NULL AS found`);
    if (!texts.rows[0]?.found) return;
    await tx.query(
      `UPDATE document_search SET search = rank_vector || document_search_file(configs, sha256)
        WHERE sha256 IN (SELECT sha256 FROM document_file_text WHERE extracted_at >= $1) AND rank_vector <> ''::tsvector`,
      [since],
    );
  },
  migrations: () => migrationsFromDirectory('projections/document-search', new URL('./migrations', import.meta.url).pathname),
  async applyBatch(tx, events) {
    if (events.length === 0) return;
    const parentIds = [...new Set(events.map((event) => (event.data as { parentChangeId: string }).parentChangeId))];
    const batch = new Batch();
    await load(tx, batch, parentIds);
    for (const event of events) batch.apply(event);
    await write(tx, batch);
    await supersede(tx, [...batch.approved]);
  },
};

/**
 * A PDF's text became ready after rows of its documents were written (the text queue of the API): their
 * full-text vectors take its words now, as a replay would compute them (`rank_vector` is the row's own part
 * of `search`). Run inside the transaction that keeps the text. Serialized with the projection's batches through its
 * checkpoint row: a batch that wrote a row without the text committed before this update (which then sees the row),
 * or runs after it and reads the text itself. Answers how many rows changed.
 */
export async function refreshDocumentText(tx: Queryable, sha256s: string[]): Promise<number> {
  if (sha256s.length === 0) return 0;
  await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [documentSearchProjection.name]);
  const { rowCount } = await tx.query(
    `UPDATE document_search SET search = rank_vector || document_search_file(configs, sha256)
      WHERE sha256 = ANY($1) AND rank_vector <> ''::tsvector`,
    [sha256s],
  );
  return rowCount;
}
