import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../../test-support/test-api';
import { type AuthoringApi, authoringSteps, startAuthoringApi } from '../authoring/authoring-api.fixtures';

describe('documents over HTTP: uploads, the signed change order, edits, deactivation', () => {
  let api: AuthoringApi;
  let t: TestApi;
  let admin: string;

  beforeAll(async () => {
    api = await startAuthoringApi();
    ({ t, admin } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { person, givenChangeOrder, approveDirectly } = authoringSteps(() => api);

  describe('the list and the view', () => {
    it('when change orders exist, then the Documents tab lists the pending ones and All Documents every active one, paged', async () => {
      const author = await person('USER');
      const pending = await givenChangeOrder(author, 1);
      const decided = await givenChangeOrder(author, 1);
      await approveDirectly(decided.parentChangeId);
      const pendingTab = await t.call('GET', '/document/getDocumentList?tab=pending', { token: author.token });
      const ids = (res: { body: { data: { list: { parentChangeId: string }[] } } }) => res.body.data.list.map((d) => d.parentChangeId);
      expect(ids(pendingTab)).toContain(pending.parentChangeId);
      expect(ids(pendingTab)).not.toContain(decided.parentChangeId);
      const all = await t.call('GET', '/document/getDocumentList?tab=all', { token: admin });
      expect(ids(all)).toEqual(expect.arrayContaining([pending.parentChangeId, decided.parentChangeId]));
      expect(all.body.data.list.find((d: { parentChangeId: string }) => d.parentChangeId === decided.parentChangeId)).toMatchObject({
        status: 'APPROVED',
        approverFirstName: 'Alma',
        changeType: 'General Document',
        isInternal: false,
        effectiveDate: '2026-12-01',
        childCount: 1,
      });
      const page = await t.call('GET', `/document/getDocumentList?tab=all&page=0&pageSize=10&sortField=documentId&sortOrder=desc&search=${decided.documentId}`, { token: author.token });
      expect(page.body.data).toMatchObject({ total: 1, list: [{ documentId: decided.documentId }] });
      const mine = await t.call('GET', '/document/getAllParentsForLoginUser', { token: author.token });
      expect(ids(mine).sort()).toEqual([pending.parentChangeId, decided.parentChangeId].sort());
      expect((await t.call('GET', '/document/getDocumentParents', { token: author.token })).body.data.total).toBeGreaterThanOrEqual(2);
    });

    it('when a child id is asked for, then the change order holding it answers; an unknown id is 404', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const res = await t.call('GET', `/document/get/${doc.children[1]!.childDocumentId}`, { token: author.token });
      expect(res).toMatchObject({ status: 200, body: { parentChangeId: doc.parentChangeId } });
      expect(res.headers.get('etag')).toBe(`"${doc.version}"`);
      expect((await t.call('GET', `/document/getSingleParentById/${doc.parentChangeId}`, { token: admin })).status).toBe(200);
      expect((await t.call('GET', '/document/get/00000000-0000-0000-0000-000000000000', { token: author.token })).body).toEqual({ code: 'document-not-found', message: 'Document not found' });
    });

    const reads = ['/document/getDocumentList', '/document/getDocumentParents', '/document/getAllParentsForLoginUser', '/document/get/x', '/document/getSingleParentById/x'];
    for (const path of reads) {
      it(`when nobody is logged in, then GET ${path} is 401`, async () => {
        expect((await t.call('GET', path)).status).toBe(401);
      });
    }
  });
});
