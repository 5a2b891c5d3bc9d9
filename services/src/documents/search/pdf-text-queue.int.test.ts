import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, type Signer } from '../../../../test-support/document-arrangements';
import { makePdf, multipart, pdfPart, sendForm } from '../../../../test-support/documents';
import { pdfWithExpandingText, pdfWithPages } from '../../../../test-support/hostile-pdfs';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { startApi } from '../../api-server';
import { createLogger } from '../../platform/logger';

const MB = 1024 * 1024;
/** A word that only the hostile PDF's text holds. */
const BOMB_WORD = 'quenvarix';

/**
 * PDF text is extracted by a queue (one at a time by default), never while an upload waits for
 * its answer; each extraction is held to its limits; the text becomes searchable when it is ready, and the staff view
 * says 'being indexed' until then, or that no text could be extracted.
 */
describe('PDF text extraction: a queue after the answer, with limits (issue 19, finding 3)', () => {
  let t: TestApi;
  let author: Signer;
  let approver: Signer;
  let customerId: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestApi({ PDF_TEXT_MAX_BYTES: String(64 * 1024), PDF_TEXT_MAX_PAGES: '5' });
    const person = async (role: 'USER' | 'ADMIN') => {
      const email = `${unique(role === 'USER' ? 'author-' : 'approver-')}@example.com`;
      const id = await t.createUser({ email, role, password: 'a long password 1' });
      return { id, email, password: 'a long password 1' };
    };
    author = await person('USER');
    approver = await person('ADMIN');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Queue Clinic '));
    token = await t.login(author.email, author.password);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const changeOrderWith = (pdf: Buffer) =>
    arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: unique('Queue catheter '),
      children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1', pdf }],
      waitForText: false,
    });
  const childOf = async (parentChangeId: string) => {
    const view = await t.call('GET', `/document/get/${parentChangeId}`, { token });
    expect(view.status).toBe(200);
    return view.body.children[0] as { childDocumentId: string; sha256: string; textIndexing?: string };
  };
  const textRow = async (sha256: string) =>
    (await t.database.db.query<{ text: string; truncated: string | null; failure: string | null; pages: number }>('SELECT text, truncated, failure, pages FROM document_file_text WHERE sha256 = $1', [sha256])).rows[0];
  const found = async (word: string) => {
    const hits = await t.call('POST', '/document/searchDocuments/', { token, body: { keywords: word } });
    expect(hits.status).toBe(200);
    return hits.body.data.list.map((hit: { childDocumentId: string }) => hit.childDocumentId) as string[];
  };

  it('when a PDF whose text expands enormously is uploaded, then the answer does not wait for it: the view says it is being indexed; once the queue has run, its text is kept up to the byte limit, marked cut, and searchable', async () => {
    const queue = t.api.context.textQueue;
    queue.pause();
    let parentChangeId: string;
    try {
      // 96 MB of drawing operators in a file of a few hundred KB; the queue is held, so nothing extracts it meanwhile.
      ({ parentChangeId } = await changeOrderWith(await pdfWithExpandingText(`Sterile catheter ${BOMB_WORD} instructions`, 96 * MB)));
      const pending = await childOf(parentChangeId);
      expect(pending.textIndexing).toBe('pending');
      expect(await textRow(pending.sha256)).toBeUndefined();
      expect(await found(BOMB_WORD)).toEqual([]);
    } finally {
      queue.resume();
    }
    await queue.idle();

    const child = await childOf(parentChangeId);
    expect(child.textIndexing).toBe('partial');
    const row = (await textRow(child.sha256))!;
    expect({ truncated: row.truncated, failure: row.failure, pages: row.pages }).toEqual({ truncated: 'text-limit', failure: null, pages: 1 });
    expect(Buffer.byteLength(row.text)).toBeLessThanOrEqual(64 * 1024);
    expect(row.text).toContain(`Sterile catheter ${BOMB_WORD} instructions`);
    expect(await found(BOMB_WORD)).toEqual([child.childDocumentId]);
  });

  it('when several PDFs wait, then the queue extracts them one at a time (PDF_TEXT_CONCURRENCY defaults to 1)', async () => {
    const queue = t.api.context.textQueue;
    queue.pause();
    try {
      const uploads = await Promise.all(
        [1, 2, 3].map(async (n) =>
          sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', await pdfWithPages(3, unique(`queue ${n} `)))]), token),
        ),
      );
      expect(uploads.map((u) => u.status)).toEqual([200, 200, 200]);
      const { rows } = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM document_text_queue');
      expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    } finally {
      queue.resume();
    }
    await queue.idle();
    expect(queue.peakRunning).toBe(1);
  });

  it('when a PDF has more pages than PDF_TEXT_MAX_PAGES, then the text of the first pages is searchable and the view says it is indexed in part', async () => {
    const word = `pagecap${unique().replace(/\d/g, 'x')}`;
    const { parentChangeId } = await changeOrderWith(await pdfWithPages(12, word));
    await t.api.context.textQueue.idle();
    const child = await childOf(parentChangeId);
    expect(child.textIndexing).toBe('partial');
    const row = (await textRow(child.sha256))!;
    expect({ truncated: row.truncated, pages: row.pages }).toEqual({ truncated: 'page-limit', pages: 12 });
    expect(row.text).toContain(`Page 5: ${word}`);
    expect(row.text).not.toContain('Page 6:');
    expect(await found(word)).toEqual([child.childDocumentId]);
  });

  it('when no text can be extracted (the PDF needs more memory than its process may have), then the view says so and the document is still found by its fields', async () => {
    const lot = unique('LOT-MEM-');
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: unique('Memory catheter '),
      children: [{ lotNumber: lot, partNumber: 'PN-2', pdf: await pdfWithExpandingText('Sterile catheter', 900 * MB) }],
    });
    const child = await childOf(parentChangeId);
    expect(child.textIndexing).toBe('failed');
    expect(await textRow(child.sha256)).toMatchObject({ text: '', truncated: 'memory-limit', failure: 'stopped above 512 MB of memory' });
    expect(await found(lot)).toEqual([child.childDocumentId]);
  });

  it('when a PDF is small and whole, then its text is indexed whole', async () => {
    const word = `whole${unique().replace(/\d/g, 'y')}`;
    const { parentChangeId } = await changeOrderWith(await makePdf('Instructions for use', `Keep ${word} dry`));
    await t.api.context.textQueue.idle();
    expect((await childOf(parentChangeId)).textIndexing).toBe('indexed');
    expect(await found(word)).toHaveLength(1);
  });
});

describe('the PDF text queue across a restart (issue 19, finding 3)', () => {
  let t: TestApi;
  afterAll(async () => {
    await t?.dispose();
  });

  it('when the API stops with PDFs still queued, then the next start extracts them', async () => {
    t = await startTestApi();
    const email = `${unique('restart-')}@example.com`;
    await t.createUser({ email, role: 'USER', password: 'a long password 1' });
    const token = await t.login(email, 'a long password 1');
    t.api.context.textQueue.pause();
    const upload = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', await makePdf('Restart survivor'))]), token);
    expect(upload.status).toBe(200);
    const sha256 = upload.body.fileDetails[0].sha256 as string;
    await t.api.stop();
    const text = () => t.database.db.query<{ text: string }>('SELECT text FROM document_file_text WHERE sha256 = $1', [sha256]);
    expect((await text()).rows).toEqual([]);

    const again = await startApi(
      { ...t.api.context.config, API_PORT: 0 },
      { storage: { db: t.database.db, store: t.store, close: async () => {} }, logger: createLogger({ level: 'silent', format: 'json' }), host: '127.0.0.1' },
    );
    try {
      await again.context.textQueue.idle();
      expect((await text()).rows[0]?.text).toContain('Restart survivor');
    } finally {
      await again.stop();
    }
  });
});
