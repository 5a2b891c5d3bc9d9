import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEveryFile } from '../../../../test-support/document-arrangements';
import { multipart, parentFields, sendForm } from '../../../../test-support/documents';
import type { TestApi } from '../../../../test-support/test-api';
import { type ChangeOrderApi, changeOrderSteps, type Person, startChangeOrderApi } from '../change-order-api.fixtures';

describe('Documents II over HTTP: review, signed decision, accessibility, downloads, versions, search', () => {
  let api: ChangeOrderApi;
  let t: TestApi;
  let spec: ChangeOrderApi['spec'];
  let approver: Person;
  let author: Person;
  let customerId: string;

  beforeAll(async () => {
    api = await startChangeOrderApi();
    ({ t, spec, approver, author, customerId } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { givenChangeOrder, view, decide, download, fetched } = changeOrderSteps(() => api);

  describe('a decision is bound to the change order as reviewed, after its files were really opened (issue 19, items 4 and 12)', () => {
    const VERSION_REQUIRED = 'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.';
    const signedBy = (who: Person) => ({ username: who.email, password: who.password });

    it('without If-Match, or with *, a signed decision by someone who never opened the change order is refused with 409 saying to open it; nothing stored', async () => {
      const { parentChangeId } = await givenChangeOrder();
      // The author's signed deactivations and file deletion are decisions on the record too; the author has not opened
      // the change order since submitting it (the ids come from the approver's view).
      const shown = await view(parentChangeId, approver);
      const decisions: Array<[string, Record<string, unknown>]> = [
        ['/document/deleteChildDoc', { childDocumentId: shown.children[0].childDocumentId, ...signedBy(author) }],
        ['/document/deleteParentChange', { documentParentChangeId: parentChangeId, ...signedBy(author) }],
        ['/document/deleteParentFileById', { documentParentChangeId: parentChangeId, fileId: shown.parentDocumentList[0].fileId, ...signedBy(author) }],
      ];
      for (const [path, body] of decisions) {
        await spec.when(() => t.call('DELETE', path, { token: author.token, body })).thenNothingStored(409, VERSION_REQUIRED);
        expect((await t.call('DELETE', path, { token: author.token, body, headers: { 'if-match': '*' } })).body.message, path).toBe(VERSION_REQUIRED);
      }
      expect(await view(parentChangeId)).toMatchObject({ status: 'REQUIRE_APPROVAL', version: shown.version });
    });

    it('an approval of the version reviewed, after the author changed the effective date and description, is refused with 409 naming what changed; then the new version is approved', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      const seen = await view(parentChangeId);
      const edited = await sendForm(
        t.url,
        'PUT',
        '/document/updateParent',
        multipart({
          ...(parentFields(customerId, approver.id, { productFamilyName: 'Cardio Catheter', effectiveDate: '15-Mar-2031', changeDescription: 'Longer balloon inflation time' }) as unknown as Record<string, string>),
          productFamilyDescription: seen.productFamilyDescription,
          changeJustification: seen.changeJustification,
          parantChangeId: parentChangeId,
          ...signedBy(author),
          comments: 'Moved the date',
        }),
        author.token,
        { 'if-match': `"${seen.version}"` },
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);

      const refused = await spec.when(() => decide(approver, parentChangeId, {}, { 'if-match': `"${seen.version}"` })).thenNothingStored(409, expect.any(String) as unknown as string);
      expect(refused.body.code).toBe('changed-since-review');
      expect(refused.body.message).toContain(`you reviewed version ${seen.version}; it is now version ${seen.version + 1}`);
      // Named as the screens name them: the field's label, the day as dd/MM/yyyy.
      expect(refused.body.message).toContain('Effective Date: "');
      expect(refused.body.message).toContain('→ "15/03/2031"');
      expect(refused.body.message).toContain('Description of Change: "Instructions for use of Cardio Catheter" → "Longer balloon inflation time"');
      expect((await view(parentChangeId)).status).toBe('REQUIRE_APPROVAL');
      // Reviewed again (the files are unchanged, so still opened): the decision at the new version is recorded.
      expect((await decide(approver, parentChangeId)).body.document).toMatchObject({ status: 'APPROVED', effectiveDate: '2031-03-15' });
    });

    it('a file counts as opened only when its bytes were fetched through the link, not when the link was issued', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const shown = await view(parentChangeId);
      const ids = [...shown.parentDocumentList.map((f: { fileId: string }) => f.fileId), ...shown.children.map((c: { childDocumentId: string }) => c.childDocumentId)];
      const links: string[] = [];
      for (const id of ids) {
        const { answer } = await spec.when(() => download(approver, id)).then({ status: 200, events: [] });
        links.push(answer.body.documentPath);
      }
      expect((await view(parentChangeId)).unopened).toHaveLength(ids.length);
      const refused = await spec.when(() => decide(approver, parentChangeId)).thenNothingStored(409, expect.stringContaining('Not opened yet') as unknown as string);
      expect(refused.body.code).toBe('files-not-opened');
      // A HEAD request fetches no bytes: nothing recorded.
      await spec
        .when(async () => {
          const res = await fetch(links[0]!, { method: 'HEAD' });
          return { status: res.status, body: undefined };
        })
        .then({ status: 200, events: [] });
      for (const [index, link] of links.entries()) {
        const { events } = await spec
          .when(() => fetched(link))
          .then({ status: 200, events: [{ stream: `document-files-${parentChangeId}`, type: 'DocumentFileDownloaded', data: { downloadedBy: approver.id, purpose: 'download' } }] });
        expect(events[0]!.metadata.actor).toMatchObject({ type: 'user', userId: approver.id, email: approver.email });
        expect((await view(parentChangeId)).unopened).toHaveLength(ids.length - index - 1);
      }
      expect((await decide(approver, parentChangeId)).body.document).toMatchObject({ status: 'APPROVED' });
    });

    it('the ids the view and the files-not-opened refusal name as unopened are the ids the download call takes', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const { unopened } = await view(parentChangeId);
      expect(unopened).toHaveLength(3);
      expect((await decide(approver, parentChangeId)).body.code).toBe('files-not-opened');
      for (const { fileId, docName } of unopened as Array<{ fileId: string; docName: string }>) {
        const answer = await download(approver, fileId);
        expect({ status: answer.status, docName: answer.body.docName }, fileId).toEqual({ status: 200, docName });
        expect((await fetch(answer.body.documentPath)).status).toBe(200);
      }
      expect((await view(parentChangeId)).unopened).toEqual([]);
      expect((await decide(approver, parentChangeId)).status).toBe(200);
    });
  });
});
