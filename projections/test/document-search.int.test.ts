import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DocumentEvent, documentStreamId, type DocumentFile, type Signature } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { documentSearchProjection, refreshDocumentText } from '../src/document-search/projection';
import { findPublicFamily, findVisitorScope, PUBLIC_CHILD, publicProductFamilies } from '../src/document-search/public-queries';
import { findChildVersions, forgetSearchConfigs, searchDocuments } from '../src/document-search/queries';
import { rebuildInPlace } from '../src/catch-up';
import { ProjectionRunner, rebuild } from '../src/runner';
import { rebuildInShadow } from '../src/shadow-rebuild';
import { eventByEvent, metadata } from './support';
import { expectEvery } from '../../test-support/list-expectations';

const withMetadata = (event: DocumentEvent) => ({ type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: metadata() });
const signature = (meaning: Signature['meaning']): Signature => ({ signerId: 'author', name: 'A', email: 'a@x', signedAt: '2026-11-01T00:00:00.000Z', meaning });
const file = (sha: string): DocumentFile => ({ fileId: randomUUID(), sha256: sha.padEnd(64, '0'), contentType: 'application/pdf', size: 1, docName: `${sha}.pdf` });

/**
 * `n` change orders of one customer and family whose first child shares its lot with every third one before it, so
 * later approvals supersede earlier ones (in chains, within one batch and across batches); edits, a replaced file,
 * deactivations, a rejection and accessibility switches along the way. The PDFs' texts are in document_file_text.
 */
async function appendHistory(db: Queryable, store: PostgresEventStore, n: number, family = { name: 'Cardio Stent', customerId: 'c1' }) {
  const texts = ['Sterile catheter, do not resterilize', 'Gebrauchsanweisung für den Katheter', 'Notice d’utilisation stérile'];
  for (let i = 0; i < n; i++) {
    await db.query(`INSERT INTO document_file_text (sha256, pages, text, failure, extracted_at) VALUES ($1, 1, $2, NULL, now()) ON CONFLICT DO NOTHING`, [
      `a${i}`.padEnd(64, '0'),
      `${texts[i % 3]} lot ${i}`,
    ]);
  }
  for (let i = 0; i < n; i++) {
    const parentChangeId = randomUUID();
    const documentId = `CO-2026-${String(i + 1).padStart(5, '0')}`;
    const signed = (meaning: Signature['meaning'] = 'authorship') => ({ parentChangeId, documentId, signature: signature(meaning), comments: 'c' });
    const details = { productFamilyName: family.name, productFamilyDescription: 'd', changeDescription: 'd', changeJustification: 'j', changeType: 'Record', customerId: family.customerId, approverId: 'ap', isInternal: false, effectiveDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}` };
    const child = (lot: string, language: string) => ({ associatedReferenceNumber: lot, productSubFamilyNameOne: 'PN-1', productSubFamilyNameTwo: 'B', billMaterialInformation: 'B', keywords: 'stent', countryList: 'DE', languageList: language, changeDescription: 'c', changeJustification: 'j' });
    const events: DocumentEvent[] = [
      { type: 'ChangeOrderCreated', data: { ...signed(), approvalRoutingNumber: 'AR', details, logo: file('logo'), files: [file(`s${i}`)], createdBy: 'author' } },
      { type: 'ChildDocumentAdded', data: { ...signed(), child: { ...child(`LOT-${i % 3}`, ['en', 'de', 'fr'][i % 3]!), childDocumentId: `${parentChangeId}-1`, documentNumber: `${documentId}-01`, file: file(`a${i}`) }, editedBy: 'author' } },
      { type: 'ChildDocumentAdded', data: { ...signed(), child: { ...child(`OWN-${i}`, 'xx'), childDocumentId: `${parentChangeId}-2`, documentNumber: `${documentId}-02`, file: file(`b${i}`) }, editedBy: 'author' } },
    ];
    const later: DocumentEvent[] = [];
    if (i % 4 === 1) later.push({ type: 'ChangeOrderUpdated', data: { ...signed(), details: { ...details, productFamilyName: `${family.name.toLowerCase()}  ` }, changes: [], editedBy: 'editor' } });
    if (i % 4 === 2) later.push({ type: 'ChildDocumentUpdated', data: { ...signed(), childDocumentId: `${parentChangeId}-2`, documentNumber: `${documentId}-02`, details: { ...child(`OWN-${i}`, 'es'), keywords: 'renamed' }, file: file(`c${i}`), changes: [], editedBy: 'editor' } });
    if (i % 7 === 3) later.push({ type: 'ChildDocumentDeactivated', data: { ...signed('deactivation'), childDocumentId: `${parentChangeId}-2`, documentNumber: `${documentId}-02`, obsoleteDate: '2026-11-23', editedBy: 'editor' } });
    if (i % 5 === 4) later.push({ type: 'ChangeOrderRejected', data: { ...signed('rejection'), reason: 'no' } });
    else if (i % 11 !== 10) later.push({ type: 'ChangeOrderApproved', data: { ...signed('approval'), approvedDate: '2026-11-01T00:00:00.000Z' } });
    if (i % 6 === 0 && i % 5 !== 4 && i % 11 !== 10) later.push({ type: 'ChangeOrderAccessibilityChanged', data: { parentChangeId, documentId, isInternal: true, previous: false, changedBy: 'admin' } });
    await store.append(documentStreamId(parentChangeId), events.map(withMetadata), 0);
    if (later.length > 0) await store.append(documentStreamId(parentChangeId), later.map(withMetadata), events.length);
  }
}

const snapshot = async (db: Queryable) => [
  ...(await db.query(`SELECT *, search::text AS search FROM document_search ORDER BY id`)).rows,
  ...(await db.query('SELECT * FROM document_search_parents ORDER BY id')).rows,
  ...(await db.query('SELECT * FROM document_search_configs ORDER BY config')).rows,
];

describe('the document-search read model', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeEach(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    forgetSearchConfigs();
  });
  afterEach(async () => {
    await store.close();
    await test.dispose();
  });

  it('when rebuilt from the log, set-based in any batch size or event by event, then it equals the one built incrementally', async () => {
    const runner = new ProjectionRunner(test.db, store, [documentSearchProjection], { batchSize: 7, pollIntervalMs: 20 });
    await runner.start();
    await appendHistory(test.db, store, 24);
    await runner.waitFor(await store.lastPosition(), [documentSearchProjection.name]);
    await runner.stop();
    const incremental = await snapshot(test.db);
    expect(incremental.length).toBeGreaterThan(48);
    // The vectors the command side keeps per file and language give the same rows as computing them here.
    await test.db.query(
      `INSERT INTO document_text_vectors (sha256, config, vector)
       SELECT DISTINCT d.sha256, c.config, to_tsvector(c.config::regconfig, left(t.text, 200000))
         FROM document_search d CROSS JOIN unnest(d.configs) AS c(config) JOIN document_file_text t ON t.sha256 = d.sha256`,
    );
    expect(Number((await test.db.query<{ n: string }>('SELECT count(*) AS n FROM document_text_vectors')).rows[0]!.n)).toBeGreaterThan(10);
    for (const batchSize of [1, 5, 1000]) {
      await rebuild(test.db, store, documentSearchProjection, batchSize);
      expect(await snapshot(test.db)).toEqual(incremental);
      await rebuild(test.db, store, eventByEvent(documentSearchProjection), batchSize);
      expect(await snapshot(test.db)).toEqual(incremental);
    }
    // The GIN indexes a rebuild drops are back, and nothing is left to restore.
    const indexes = await test.db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'document_search'`);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['document_search_search', 'document_search_numbers']));
    expect((await test.db.query('SELECT * FROM projection_deferred_indexes')).rows).toEqual([]);
  });

  it('when approvals follow one another, then each version is superseded by the next approved one only', async () => {
    await appendHistory(test.db, store, 12);
    await rebuild(test.db, store, documentSearchProjection, 1000);
    const { rows } = await test.db.query<{ id: string; document_number: string; status: string; superseded_by: string | null; associated_reference_number: string }>(
      `SELECT id, document_number, status, superseded_by, associated_reference_number FROM document_search WHERE associated_reference_number LIKE 'LOT-%' ORDER BY document_number`,
    );
    const lots = ['LOT-0', 'LOT-1', 'LOT-2'];
    for (const lot of lots) {
      const approved = rows.filter((r) => r.associated_reference_number === lot && r.status === 'APPROVED');
      // Each approved version points at the next approved one; the newest is current.
      approved.forEach((row, index) => expect(row.superseded_by, `${lot} ${row.document_number}`).toBe(approved[index + 1]?.id ?? null));
    }
    // A version never approved (pending or rejected) is superseded by nothing. Not every lot has one: all three together do.
    expectEvery(rows.filter((r) => lots.includes(r.associated_reference_number) && r.status !== 'APPROVED'), (r) => r.superseded_by === null, 'the versions not approved');
    const newest = rows.filter((r) => r.associated_reference_number === 'LOT-0' && r.status === 'APPROVED').at(-1)!;
    const versions = (await findChildVersions(test.db, [newest.id])).get(newest.id)!;
    expect(versions.earlier.length).toBe(rows.filter((r) => r.associated_reference_number === 'LOT-0' && r.status === 'APPROVED').length - 1);
    expect(versions.supersededBy).toBeNull();
  });

  it('searches the PDF text in its language, accents and stems aside, and fragments of numbers', async () => {
    await appendHistory(test.db, store, 12);
    await rebuild(test.db, store, documentSearchProjection, 1000);
    const base = { keywords: '', changeOrderNo: '', productName: '', archive: false, today: '2026-11-23', limit: 50 };
    const german = await searchDocuments(test.db, { ...base, keywords: 'Gebrauchsanweisungen' });
    expect(german.length).toBeGreaterThan(0);
    expectEvery(german, (hit) => hit.languageList === 'de');
    const french = await searchDocuments(test.db, { ...base, keywords: 'sterile utilisation' });
    expect(french.map((hit) => hit.languageList)).toContain('fr');
    const fragment = await searchDocuments(test.db, { ...base, keywords: '00007' });
    expectEvery(fragment.map((hit) => hit.documentNumber), (n) => n.startsWith('CO-2026-00007'));
    // A change order number from its start (through the btree, in any case) or from its middle (trigrams): the same.
    const fromStart = await searchDocuments(test.db, { ...base, changeOrderNo: 'co-2026-00007' });
    const fromMiddle = await searchDocuments(test.db, { ...base, changeOrderNo: '2026-00007' });
    expect(fromStart.length).toBeGreaterThan(0);
    expectEvery(fromStart, (hit) => hit.changeOrderNo === 'CO-2026-00007');
    expect(fromStart.map((hit) => hit.childDocumentId).sort()).toEqual(fromMiddle.map((hit) => hit.childDocumentId).sort());
    expect(await searchDocuments(test.db, { ...base, changeOrderNo: 'co-2026-0000%' })).toEqual([]);
    const archived = await searchDocuments(test.db, { ...base, archive: true });
    expect(archived.length).toBeGreaterThan(0);
    expectEvery(archived, (hit) => hit.archived && hit.status === 'APPROVED');
  });

  it('the public families (a customer page, a search link) are each family\'s newest approved change order with a public child, as the change orders say', async () => {
    await appendHistory(test.db, store, 24);
    await appendHistory(test.db, store, 10, { name: 'Ortho  Screw', customerId: 'c1' });
    await appendHistory(test.db, store, 10, { name: 'Cardio Stent', customerId: 'c2' });
    await rebuild(test.db, store, documentSearchProjection, 1000);
    // The reference: from the change orders' own rows (status, activity, accessibility, approval order), not the
    // children's copies of them that the queries walk.
    const reference = async (customerId: string, today: string) =>
      (
        await test.db.query<{ id: string; product_family_name: string; family_key: string }>(
          `SELECT DISTINCT ON (d.family_key) p.id, p.product_family_name, d.family_key
             FROM document_search_parents p JOIN document_search d ON d.parent_change_id = p.id
            WHERE p.customer_id = $1 AND p.status = 'APPROVED' AND p.active AND NOT p.is_internal AND ${PUBLIC_CHILD('d', '$2')}
            ORDER BY d.family_key, p.approved_position DESC, p.id`,
          [customerId, today],
        )
      ).rows.map((row) => ({ parentChangeId: row.id, productFamilyName: row.product_family_name, familyKey: row.family_key }));
    const parents = (await test.db.query<{ id: string; customer_id: string }>('SELECT id, customer_id FROM document_search_parents ORDER BY id')).rows;
    let found = 0;
    for (const today of ['2026-09-30', '2026-10-03', '2026-10-15', '2026-11-23']) {
      for (const customerId of ['c1', 'c2', 'c3']) {
        const expected = await reference(customerId, today);
        const families = await publicProductFamilies(test.db, customerId, today);
        expect([...families].sort((a, b) => a.familyKey.localeCompare(b.familyKey)), `${customerId} ${today}`).toEqual(expected);
        for (const parent of parents) {
          const family = await findPublicFamily(test.db, customerId, parent.id, today);
          // Any approved change order of the customer names its family's newest public one; others name nothing.
          const key = (await test.db.query<{ family_key: string }>(
            `SELECT d.family_key FROM document_search d JOIN document_search_parents p ON p.id = d.parent_change_id WHERE p.id = $1 AND p.customer_id = $2 AND p.status = 'APPROVED' LIMIT 1`,
            [parent.id, customerId],
          )).rows[0]?.family_key;
          expect(family, `${parent.id} ${customerId} ${today}`).toEqual(expected.find((f) => f.familyKey === key));
          if (family) found++;
        }
      }
    }
    expect(found).toBeGreaterThan(20);
  });

  it('when a migration adds a customer column while the server runs, then the prepared public scope still answers', async () => {
    await test.db.query(
      `INSERT INTO customer_list (id, customer_name, contact_email, contact_information, country_exclusion_list, customer_website_link,
                                  approver_id, status, created_at, stream_version)
       VALUES ('c9', 'Scope Clinic', 'a@b.co', 'x', '', 'https://example.com', 'ap', 'APPROVED', now(), 1)`,
    );
    // Several at once: the statement is prepared on several of the pool's connections.
    const scopes = () => Promise.all(Array.from({ length: 4 }, () => findVisitorScope(test.db, { name: 'scope clinic' }, 'no-such-order', '2026-11-23')));
    for (const scope of await scopes()) expect(scope).toMatchObject({ customer: { id: 'c9', customerName: 'Scope Clinic' }, family: undefined });
    await test.db.exec('ALTER TABLE customer_list ADD COLUMN added_later text');
    for (const scope of await scopes()) expect(scope).toMatchObject({ customer: { id: 'c9', customerName: 'Scope Clinic' }, family: undefined });
    expect(await findVisitorScope(test.db, { id: 'c9' }, 'no-such-order', '2026-11-23')).toMatchObject({ customer: { customerName: 'Scope Clinic' } });
  });

  it('when the same words are searched again, then the parse comes from memory: one statement, the same hits', async () => {
    await appendHistory(test.db, store, 12);
    await rebuild(test.db, store, documentSearchProjection, 1000);
    const statements: string[] = [];
    const counting: Queryable = {
      query: ((text: string, params?: unknown[]) => {
        statements.push(text);
        return test.db.query(text, params);
      }) as Queryable['query'],
      exec: (sql) => test.db.exec(sql),
    };
    const criteria = { keywords: 'sterile catheter', changeOrderNo: '', productName: '', archive: false, today: '2026-11-23', limit: 50 };
    const first = await searchDocuments(counting, criteria);
    const parses = () => statements.filter((text) => text.includes('websearch_to_tsquery')).length;
    expect(first.length).toBeGreaterThan(0);
    expect(parses()).toBe(1);
    statements.length = 0;
    expect(await searchDocuments(counting, criteria)).toEqual(first);
    expect(statements.length).toBe(1);
    expect(parses()).toBe(0);
    // Other words are parsed; forgetting the configurations forgets the parses made under them.
    await searchDocuments(counting, { ...criteria, keywords: 'stent' });
    expect(parses()).toBe(1);
    forgetSearchConfigs();
    statements.length = 0;
    expect(await searchDocuments(counting, criteria)).toEqual(first);
    expect(parses()).toBe(1);
  });
  it('when the read model is rebuilt into a shadow, then the live tables answer the old rows until the swap, and after it the read model equals a fresh projection of the log, with the events and PDF texts that came meanwhile', async () => {
    const runner = new ProjectionRunner(test.db, store, [documentSearchProjection], { batchSize: 7, pollIntervalMs: 20 });
    await runner.start();
    try {
      await appendHistory(test.db, store, 12);
      await runner.waitFor(await store.lastPosition(), [documentSearchProjection.name]);
      const before = await snapshot(test.db);
      const indexNames = async () =>
        (await test.db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename LIKE 'document_search%' ORDER BY indexname`)).rows.map((r) => r.indexname);
      const indexesBefore = await indexNames();
      const base = { keywords: '', changeOrderNo: '', productName: '', archive: false, today: '2026-11-23', limit: 50 };
      const german = await searchDocuments(test.db, { ...base, keywords: 'Gebrauchsanweisungen' });
      expect(german.length).toBeGreaterThan(0);

      let paused!: () => void;
      const pausedAt = new Promise<void>((resolve) => (paused = resolve));
      let resume!: () => void;
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      let batches = 0;
      const rebuilding = rebuildInShadow(test.db, store, documentSearchProjection, 5, {
        afterBatch: async () => {
          if (++batches !== 1) return;
          paused();
          await resumed;
        },
      });
      await pausedAt;
      try {
        // Mid-rebuild, the live tables still hold every row and their indexes: a search finds what it found before.
        expect(await snapshot(test.db)).toEqual(before);
        expect(await searchDocuments(test.db, { ...base, keywords: 'Gebrauchsanweisungen' })).toEqual(german);
        expect(await indexNames()).toEqual(indexesBefore);
        // Meanwhile a change order is appended (the live runner projects it) and a PDF already replayed gets its text.
        await appendHistory(test.db, store, 1, { name: 'Ortho Plate', customerId: 'c2' });
        const second = 'b0'.padEnd(64, '0');
        await test.db.transaction(async (tx) => {
          await tx.query(`INSERT INTO document_file_text (sha256, pages, text, failure, extracted_at) VALUES ($1, 1, 'Zwischenablage', NULL, now())`, [second]);
          await refreshDocumentText(tx, [second]);
        });
        await runner.waitFor(await store.lastPosition(), [documentSearchProjection.name]);
      } finally {
        resume();
      }
      const incremental = await snapshot(test.db);
      expect(incremental.length).toBeGreaterThan(before.length);
      expect(await rebuilding).toBe(await store.lastPosition());

      expect(await snapshot(test.db)).toEqual(incremental);
      expect((await searchDocuments(test.db, { ...base, productName: 'Ortho Plate' })).length).toBeGreaterThan(0);
      expect((await searchDocuments(test.db, { ...base, keywords: 'Zwischenablage' })).length).toBeGreaterThan(0);
      // The same index names, no shadow schema left, nothing to restore, and a fresh replay in place gives the same.
      expect(await indexNames()).toEqual(indexesBefore);
      expect((await test.db.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'ifu_rebuild_%'`)).rows).toEqual([]);
      expect((await test.db.query('SELECT * FROM projection_deferred_indexes')).rows).toEqual([]);
      await runner.stop();
      await rebuildInPlace(test.db, store, documentSearchProjection, 1000);
      expect(await snapshot(test.db)).toEqual(incremental);
    } finally {
      await runner.stop();
    }
  });
});
