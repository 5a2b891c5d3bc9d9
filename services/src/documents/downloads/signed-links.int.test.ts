import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { arrangeDecision } from '../../../../test-support/document-arrangements';
import { pdfPages } from '../../../../test-support/pdf-pages';
import type { TestApi } from '../../../../test-support/test-api';
import { type ChangeOrderApi, changeOrderSteps, type Person, startChangeOrderApi } from '../change-order-api.fixtures';

describe('Documents II over HTTP: review, signed decision, accessibility, downloads, versions, search', () => {
  let api: ChangeOrderApi;
  let t: TestApi;
  let spec: ChangeOrderApi['spec'];
  let approver: Person;
  let author: Person;

  beforeAll(async () => {
    api = await startChangeOrderApi();
    ({ t, spec, approver, author } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { givenChangeOrder, view, download } = changeOrderSteps(() => api);

  describe('downloads: signed links for one file and one purpose, for minutes', () => {
    it('a link serves the PDF with RFC 6266 Content-Disposition, cannot be bent to another file, and expires', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const [first, second] = (await view(parentChangeId, author)).children as { childDocumentId: string; docName: string; sha256: string }[];
      const link = (await download(author, first!.childDocumentId)).body.documentPath as string;
      const served = await fetch(link);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toBe(`inline; filename="${first!.docName}"; filename*=UTF-8''${encodeURIComponent(first!.docName)}`);
      expect(served.headers.get('cache-control')).toBe('private, no-store');
      await served.arrayBuffer();
      const other = (await t.call('GET', `/document/getDocumentDownload/${second!.childDocumentId}`, { token: author.token })).body.documentPath as string;
      const otherFileId = new URL(other).pathname.split('/').at(-1)!;
      const bent = link.replace(/\/document\/file\/([^/]+)\/[^?]+/, `/document/file/$1/${otherFileId}`);
      expect((await fetch(bent)).status).toBe(404);
      expect((await fetch(link.replace('purpose=download', 'purpose=manifest'))).status).toBe(404);
      expect((await fetch(link.replace(/signature=[^&]+/, 'signature=AAAA'))).status).toBe(404);
      t.clock.advance(6 * 60_000);
      const expired = await fetch(link);
      expect({ status: expired.status, body: await expired.json() }).toEqual({ status: 404, body: { code: 'file-link-invalid', message: 'This download link is not valid or has expired' } });
    });

    it('anonymous is 401, an unknown id 404, a manifest of a pending document 409; nothing stored', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const child = (await view(parentChangeId, author)).children[0];
      await spec.when(() => t.call('GET', `/document/getDocumentDownload/${child.childDocumentId}`)).thenNothingStored(401, 'Authentication required');
      await spec.when(() => download(author, '00000000-0000-4000-8000-000000000000')).thenNothingStored(404, 'Document not found');
      await spec.when(() => download(author, child.childDocumentId, 'manifest')).thenNothingStored(409, 'Only an approved document has a signature manifest');
      await spec.when(() => download(author, child.childDocumentId, 'print')).thenNothingStored(400, 'purpose must be download or manifest');
      // A HEAD request opens nothing: no download is recorded.
      await spec
        .when(async () => {
          const res = await fetch(`${t.url}/document/getDocumentDownload/${child.childDocumentId}`, { method: 'HEAD', headers: { authorization: `Bearer ${author.token}` } });
          return { status: res.status, body: undefined };
        })
        .then({ status: 204, events: [] });
      // An expiry written with a leading zero is another spelling of the link: refused.
      const link = (await download(author, child.childDocumentId)).body.documentPath as string;
      expect((await fetch(link.replace(/expires=(\d+)/, 'expires=0$1'))).status).toBe(404);
    });

    it('a child downloads with its currency page last (its version, date of issue and permalinks), a supporting file as stored; the stored file is unchanged', async () => {
      const { parentChangeId } = await givenChangeOrder({ effectiveDate: '2031-03-15' });
      const pending = await view(parentChangeId, author);
      const child = pending.children[0] as { childDocumentId: string; documentNumber: string; sha256: string };
      const bytesOf = async (id: string) => {
        const res = await fetch((await download(author, id)).body.documentPath);
        return { stamp: res.headers.get('currency-stamp'), bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const stored = async (sha256: string) => {
        const chunks: Buffer[] = [];
        for await (const chunk of (await t.api.context.files.open(sha256)).stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      const supporting = pending.parentDocumentList[0] as { fileId: string; sha256: string };
      const file = await bytesOf(supporting.fileId);
      expect({ stamp: file.stamp, same: file.bytes.equals(await stored(supporting.sha256)) }).toEqual({ stamp: null, same: true });
      expect((await pdfPages((await bytesOf(child.childDocumentId)).bytes)).at(-1)).toContain('Draft: not approved');

      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const original = await stored(child.sha256);
      const served = await bytesOf(child.childDocumentId);
      expect(served.stamp).toBe('added');
      expect(served.bytes.subarray(0, original.length).equals(original)).toBe(true);
      const last = (await pdfPages(served.bytes)).at(-1)!;
      expect(last).toContain(`Check that this copy is current: http://localhost:3001/p/${child.documentNumber} Version 1, issued 15 Mar 2031`);
      expect(last).toContain(`This version: http://localhost:3001/p/${child.documentNumber}/v/1`);
      expect(await stored(child.sha256)).toEqual(original);
    });

    it('an approved child downloads with a final manifest page naming its signers, then its currency page; the stored original is unchanged', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const child = (await view(parentChangeId, author)).children[0];
      const original = Buffer.from(await (await fetch((await download(author, child.childDocumentId)).body.documentPath)).arrayBuffer());
      const answer = await download(author, child.childDocumentId, 'manifest');
      expect(answer.status).toBe(200);
      let signed: Response | undefined;
      const { events } = await spec
        .when(async () => {
          signed = await fetch(answer.body.documentPath);
          return { status: signed.status, body: undefined };
        })
        .then({ status: 200 });
      expect(events.map((e) => [e.type, (e.data as { purpose: string }).purpose])).toEqual([['DocumentFileDownloaded', 'manifest']]);
      if (!signed) throw new Error('not fetched');
      expect(signed.status).toBe(200);
      expect(signed.headers.get('content-disposition')).toContain('(signed).pdf');
      const bytes = new Uint8Array(await signed.arrayBuffer());
      const pdf = await getDocumentProxy(bytes);
      const { totalPages, text } = await extractText(pdf, { mergePages: false });
      expect(totalPages).toBe(3);
      const manifest = (text as string[]).at(-2)!.replace(/\s+/g, ' ');
      expect((text as string[]).at(-1)!.replace(/\s+/g, ' ')).toContain(`Version 1, issued`);
      for (const expected of ['Electronic signature manifest', 'Ada Author', 'Authorship', 'Alma Approver', 'Approval', documentId, child.documentNumber, child.sha256.slice(0, 20), 'UTC']) {
        expect(manifest).toContain(expected);
      }
      // The stored original still has its own checksum.
      const again = Buffer.from(await (await fetch((await download(author, child.childDocumentId)).body.documentPath)).arrayBuffer());
      expect(again.equals(original)).toBe(true);
    });
  });
});
