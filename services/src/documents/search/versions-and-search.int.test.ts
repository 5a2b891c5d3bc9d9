import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeDecision } from '../../../../test-support/document-arrangements';
import { unique } from '../../../../test-support/specs';
import type { TestApi } from '../../../../test-support/test-api';
import { type ChangeOrderApi, changeOrderSteps, type Person, startChangeOrderApi } from '../change-order-api.fixtures';

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

describe('Documents II over HTTP: review, signed decision, accessibility, downloads, versions, search', () => {
  let api: ChangeOrderApi;
  let t: TestApi;
  let spec: ChangeOrderApi['spec'];
  let approver: Person;
  let author: Person;
  let customerId: string;
  let customerName: string;

  beforeAll(async () => {
    api = await startChangeOrderApi();
    ({ t, spec, approver, author, customerId, customerName } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { givenChangeOrder, view, search } = changeOrderSteps(() => api);

  describe('versions and the internal search', () => {
    it('a later approved change order supersedes the same reference and part number; search shows current versions, Archive Search the old', async () => {
      const now = t.clock.now();
      const lot = unique('LOT-V');
      const family = unique('Versioned Stent ');
      const first = await givenChangeOrder({ lots: [lot, unique('LOT-W')], effectiveDate: daysAgo(20, now), family });
      await arrangeDecision(t, { parentChangeId: first.parentChangeId, approver, approve: true });
      const second = await givenChangeOrder({ lots: [lot, unique('LOT-X')], effectiveDate: daysAgo(1, now), family, pdfLines: ['IFU, revision 2'] });
      // Pending: not yet a version of anything.
      expect((await view(first.parentChangeId, author)).children[0]).toMatchObject({ archived: false, supersededBy: null });
      await arrangeDecision(t, { parentChangeId: second.parentChangeId, approver, approve: true });

      const old = (await view(first.parentChangeId, author)).children[0];
      const current = (await view(second.parentChangeId, author)).children[0];
      expect(old).toMatchObject({ archived: true, obsoleteDate: daysAgo(1, now), supersededBy: { childDocumentId: current.childDocumentId, documentNumber: current.documentNumber } });
      expect(current.versions).toEqual([
        {
          childDocumentId: old.childDocumentId,
          documentNumber: old.documentNumber,
          parentChangeId: first.parentChangeId,
          documentId: first.documentId,
          effectiveDate: daysAgo(20, now),
          obsoleteDate: daysAgo(1, now),
          changes: [{ field: 'sha256', old: old.sha256, new: current.sha256 }],
        },
      ]);
      // The second child had no earlier version.
      expect((await view(second.parentChangeId, author)).children[1].versions).toEqual([]);

      const currentHits = await search({ keyword: lot });
      expect(currentHits.body.data.list.map((hit: { childDocumentId: string }) => hit.childDocumentId)).toEqual([current.childDocumentId]);
      const archived = await search({ keywords: lot, isArchieveSearch: true });
      expect(archived.body.data.list).toMatchObject([{ childDocumentId: old.childDocumentId, archived: true, obsoleteDate: daysAgo(1, now) }]);
    });

    it('finds a word that appears only inside the PDF, accent-insensitive, with a highlighted snippet', async () => {
      const word = `zyxto${unique().replace(/\d/g, 'q')}`;
      const { parentChangeId } = await givenChangeOrder({ pdfLines: ['Gebrauchsanweisung', `Die Sterilisation des Katheters mit ${word} ist verboten.`] });
      const hits = await search({ keywords: word });
      expect(hits.status).toBe(200);
      expect(hits.body.data.list).toHaveLength(1);
      const [hit] = hits.body.data.list;
      expect(hit).toMatchObject({ parentChangeId, status: 'REQUIRE_APPROVAL', customerName, productName: 'Cardio Catheter', changeOrderNo: expect.stringMatching(/^CO-/) });
      expect(hit.snippet.filter((part: { match: boolean }) => part.match).map((part: { text: string }) => part.text.toLowerCase())).toContain(word);
      // German stemming and accents: 'Stérilisation' finds 'Sterilisation' in a German PDF.
      const stemmed = await search({ keywords: `stérilisation ${word}` });
      expect(stemmed.body.data.list.map((h: { parentChangeId: string }) => h.parentChangeId)).toEqual([parentChangeId]);
    });

    it('finds a document by a fragment of its number, and filters by change order, product and customer', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder({ family: 'Filtered Pump' });
      const number = documentId.slice(-5);
      const byFragment = await search({ keywords: number });
      expect(byFragment.body.data.list.map((h: { parentChangeId: string }) => h.parentChangeId)).toContain(parentChangeId);
      const combined = await search({ changeOrderNumber: documentId.slice(3), productName: 'filtered', customerName });
      expect(combined.body.data.list.map((h: { parentChangeId: string }) => h.parentChangeId)).toEqual([parentChangeId, parentChangeId]);
      const otherCustomer = await search({ changeOrderNo: documentId, customerName: 'No Such Clinic' });
      expect(otherCustomer).toMatchObject({ status: 200, body: { data: { list: [] }, message: 'No Data Found' } });
    });

    it('anonymous is 401; a rejected or deactivated document is not found; bad input is 400', async () => {
      await spec.when(() => t.call('POST', '/document/searchDocuments/', { body: { keywords: 'x' } })).thenNothingStored(401, 'Authentication required');
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: false, reason: 'No' });
      expect((await search({ changeOrderNo: documentId })).body.data.list).toEqual([]);
      expect((await search({ keywords: 'x'.repeat(201) })).body.message).toBe('keywords must be at most 200 characters');
      expect((await search({ keywords: 'a\u0000b' })).body.message).toBe('keywords must not contain control characters');
      expect((await search({ isArchieveSearch: 'yes' })).body.message).toBe('isArchieveSearch must be true or false');
      // A body that is not JSON is refused, not read as an empty search.
      const text = await fetch(`${t.url}/document/searchDocuments/`, { method: 'POST', body: 'keywords=x', headers: { authorization: `Bearer ${author.token}`, 'content-type': 'text/plain' } });
      expect((await text.json()).message).toBe('Request body must be a JSON object');
      // One word forty times, or query syntax, is an ordinary search (the words are taken once each, at most 12).
      for (const keywords of [Array(40).fill('a').join(' '), `"steril* & | ! ( ) : <-> \\ %_' OR 1=1 --`, 'x'.repeat(200)]) {
        expect((await search({ keywords })).status, keywords).toBe(200);
      }
    });
  });

  describe('GET /document/getProductByCustomer/:id', () => {
    it('lists the approved product families of a customer, once each; anonymous 401; unknown customer 404', async () => {
      const family = unique('Listed Family ');
      const { parentChangeId } = await givenChangeOrder({ family });
      const pendingFamily = unique('Pending Family ');
      await givenChangeOrder({ family: pendingFamily });
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const answer = await t.call('GET', `/document/getProductByCustomer/${customerId}`, { token: author.token });
      expect(answer.status).toBe(200);
      const names = answer.body.data.list.map((p: { productFamilyName: string }) => p.productFamilyName);
      expect(names).toContain(family);
      expect(names).not.toContain(pendingFamily);
      expect(answer.body.data.list.find((p: { productFamilyName: string }) => p.productFamilyName === family)).toEqual({ parentChangeId, productFamilyName: family });
      expect((await t.call('GET', `/document/getProductByCustomer/${customerId}`)).status).toBe(401);
      expect((await t.call('GET', '/document/getProductByCustomer/00000000-0000-4000-8000-000000000000', { token: author.token })).body).toEqual({ code: 'customer-not-found', message: 'Customer not found' });
    });
  });
});
