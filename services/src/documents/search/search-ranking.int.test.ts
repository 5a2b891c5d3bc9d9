import { expectEvery } from '../../../../test-support/list-expectations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBED_NEWEST, searchDocuments } from '../../../../projections/src/document-search/queries';
import { arrangeApprovedCustomer, arrangeChangeOrder, type Credentials, type Signer } from '../../../../test-support/document-arrangements';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

/** More PDF-text matches of one word than the search ranks (its cap of 300 candidates). */
const PDF_MATCHES = 320;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The internal search's candidates by relevance: own fields first, and no PDF text for nothing. */
describe('the internal search: candidates by relevance, and no PDF text sent for nothing, over HTTP', () => {
  let t: TestApi;
  let token: string;
  let author: Credentials;
  let approver: Signer;

  const search = (body: Record<string, unknown>) => t.call('POST', '/document/searchDocuments/', { token, body });
  const newCustomer = async () => {
    const name = unique('Ranked Clinic ');
    return { name, id: await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, name) };
  };

  beforeAll(async () => {
    t = await startTestApi();
    token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: `${unique('rank-approver-')}@example.com`, password: 'rank approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: `${unique('rank-author-')}@example.com`, password: 'rank author password' };
    await t.createUser({ ...author, role: 'USER' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it(`a document whose own fields hold the word is returned and ranked first, ahead of ${PDF_MATCHES} newer documents whose PDF text holds it`, async () => {
    const { id: customerId, name: customerName } = await newCustomer();
    const word = `quorblat${unique().replace(/\d/g, 'x')}`;
    // The PDF-text matches first in the table (scan order), each newer than the named document.
    const inText = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'Infusion Pump',
      children: [{ lotNumber: unique('LOT-T'), partNumber: 'PN-1', pdfLines: ['Instructions for use', `Flush the line with ${word} before use.`] }],
      effectiveDate: daysAgo(2),
    });
    const [textChild] = (await t.call('GET', `/document/get/${inText.parentChangeId}`, { token })).body.children as Array<{ childDocumentId: string }>;
    // Hundreds more such documents: the read model's row of that child copied, each a day newer (arranging 320 change
    // orders through the API would take minutes and test nothing more).
    await t.database.db.query(
      `INSERT INTO document_search
       SELECT (jsonb_populate_record(NULL::document_search,
                 to_jsonb(d) || jsonb_build_object('id', d.id || '-copy-' || g, 'effective_date', to_char(d.effective_date + g, 'YYYY-MM-DD')))).*
         FROM document_search d, generate_series(1, $2::int - 1) AS g WHERE d.id = $1`,
      [textChild!.childDocumentId, PDF_MATCHES],
    );
    // Then the one whose own name holds the word (not its PDF text), the oldest of all.
    const named = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: `Pump ${word}`,
      children: [{ lotNumber: unique('LOT-N'), partNumber: 'PN-2', pdfLines: ['Instructions for use', 'Nothing special here.'] }],
      effectiveDate: daysAgo(30),
    });

    const hits = await search({ keywords: word });
    expect(hits.status).toBe(200);
    const list = hits.body.data.list as Array<{ parentChangeId: string; productName: string }>;
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toMatchObject({ parentChangeId: named.parentChangeId, productName: `Pump ${word}` });
    expectEvery(list.slice(1), (hit) => hit.parentChangeId === inText.parentChangeId);
    // The same with the customer filter (the customer leads both indexes).
    const filtered = await search({ keywords: word, customerName });
    expect(filtered.body.data.list[0]).toMatchObject({ parentChangeId: named.parentChangeId });
  });

  it('a search by a fragment of a change order number reads and sends none of the PDF text: the snippet is cut from the fields', async () => {
    const { id: customerId, name: customerName } = await newCustomer();
    const marker = `plinthwort${unique().replace(/\d/g, 'y')}`;
    const pdfLines = ['Gebrauchsanweisung', ...Array.from({ length: 40 }, (_, line) => `Abschnitt ${line}: ${marker} wird vor dem Gebrauch geprueft und dokumentiert.`)];
    const { parentChangeId, documentId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'Numbered Catheter',
      children: [
        { lotNumber: unique('LOT-P'), partNumber: 'PN-3', pdfLines },
        { lotNumber: unique('LOT-Q'), partNumber: 'PN-4', pdfLines },
      ],
    });
    const fragment = documentId.slice(-5);

    const answer = await search({ keywords: fragment, customerName });
    expect(answer.status).toBe(200);
    const list = answer.body.data.list as Array<{ parentChangeId: string; snippet: Array<{ text: string }> }>;
    expect(list.map((hit) => hit.parentChangeId)).toEqual([parentChangeId, parentChangeId]);
    const raw = JSON.stringify(answer.body);
    expect(raw).not.toContain(marker);
    expect(raw).not.toContain('Gebrauchsanweisung');
    // Two hits' fields and their snippets: a PDF text start (12,000 characters each) would be many times this.
    expect(raw.length).toBeLessThan(4_000);

    // What SQL sends the API for these hits: no text of the PDF at all.
    const hits = await searchDocuments(t.database.db, {
      keywords: fragment,
      changeOrderNo: '',
      productName: '',
      customerIds: [customerId],
      archive: false,
      today: new Date().toISOString().slice(0, 10),
      limit: 50,
      snippetStems: [fragment],
    });
    expect(hits.map((hit) => hit.snippetSource)).toEqual(['', '']);
  });
  it(`a word only in the PDF text of a document older than the ${PROBED_NEWEST} newest is still found, and newest first among several`, async () => {
    const { id: customerId } = await newCustomer();
    const word = `vellomid${unique().replace(/\d/g, 'z')}`;
    const old = [];
    for (const [i, days] of [400, 300].entries()) {
      old.push(
        await arrangeChangeOrder(t, {
          author,
          approverId: approver.id,
          customerId,
          productName: 'Old Stent',
          children: [{ lotNumber: unique(`LOT-O${i}`), partNumber: `PN-O${i}`, pdfLines: ['Instructions for use', `Rinse with ${word} first.`] }],
          effectiveDate: daysAgo(days),
        }),
      );
    }
    const plain = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'New Stent',
      children: [{ lotNumber: unique('LOT-W'), partNumber: 'PN-W', pdfLines: ['Instructions for use', 'Nothing of that word here.'] }],
      effectiveDate: daysAgo(200),
    });
    const [plainChild] = (await t.call('GET', `/document/get/${plain.parentChangeId}`, { token })).body.children as Array<{ childDocumentId: string }>;
    // More documents newer than both than the search reads newest-first before it asks the words' index.
    await t.database.db.query(
      `INSERT INTO document_search
       SELECT (jsonb_populate_record(NULL::document_search,
                 to_jsonb(d) || jsonb_build_object('id', d.id || '-newer-' || g, 'effective_date', to_char(d.effective_date + (g % 150), 'YYYY-MM-DD')))).*
         FROM document_search d, generate_series(1, $2::int) AS g WHERE d.id = $1`,
      [plainChild!.childDocumentId, PROBED_NEWEST + 100],
    );

    const hits = await search({ keywords: word });
    expect(hits.status).toBe(200);
    expect((hits.body.data.list as Array<{ parentChangeId: string }>).map((hit) => hit.parentChangeId)).toEqual([old[1]!.parentChangeId, old[0]!.parentChangeId]);
  });
});
