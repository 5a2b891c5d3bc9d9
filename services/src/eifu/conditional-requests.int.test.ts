import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf } from '@ifu/contracts';
import { arrangeAccessibility, arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

/**
 * The public answers under a cache: the resolver's redirect, the document's page and its PDF, the customer's page
 * data carry a tag and `public, no-cache`; a request naming the tag is answered 304 without a body, and once the
 * document is Offline the same request is answered 404 (never 304): a cache that asks cannot serve it any longer.
 */
describe('conditional requests on the public side, over HTTP', () => {
  let t: TestApi;
  let admin: string;
  let approver: Signer;
  let author: Credentials;
  let customerName: string;
  let parentChangeId: string;
  let documentNumber: string;
  let childDocumentId: string;
  const gtin = newGtin();

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
  const pathOf = (location: string | null) => (location ? new URL(location).pathname + new URL(location).search : '');
  const downloadsOf = async () => {
    const { rows } = await t.database.db.query<{ downloads: number }>(
      `SELECT coalesce(sum(downloads), 0)::int AS downloads FROM open_download_counts WHERE child_document_id = $1 AND dimension = 'via'`,
      [childDocumentId],
    );
    return Number(rows[0]!.downloads);
  };

  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'cache.approver@example.com', password: 'cache approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'cache.author@example.com', password: 'cache author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerName = unique('Cached Clinic ');
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
    expect((await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } })).status).toBe(200);
    ({ parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'Cached Pump',
      children: [{ lotNumber: 'C-1', partNumber: 'PN-C', gtin, countryList: 'DE', languageList: 'de' }],
      waitForText: false,
    }));
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const view = (await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Array<{ childDocumentId: string; documentNumber: string }> };
    ({ documentNumber, childDocumentId } = view.children[0]!);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('the resolver’s redirect: a tag, public revalidation, 304 for its tag, the redirect for another', async () => {
    const first = await get(`/01/${gtin}/10/C-1`);
    expect(first.status).toBe(307);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await get(`/01/${gtin}/10/C-1`, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('location')).toBeNull();
    // A strong form of the same tag and a list holding it match too (weak comparison).
    expect((await get(`/01/${gtin}/10/C-1`, { 'if-none-match': `"other", ${tag.slice(2)}` })).status).toBe(304);
    const other = await get(`/01/${gtin}/10/C-1`, { 'if-none-match': 'W/"someone-else"' });
    expect(other.status).toBe(307);
    // Another target (the query passed on) is another tag.
    const withQuery = await get(`/01/${gtin}/10/C-1?lang=de`, { 'if-none-match': tag });
    expect(withQuery.status).toBe(307);
    expect(withQuery.headers.get('etag')).not.toBe(tag);
  });

  it('the PDF: a tag, public revalidation, 304 without the file, each answer counted as a download', async () => {
    const target = pathOf((await get(`/01/${gtin}/10/C-1`)).headers.get('location'));
    expect(target).toBe(`/p/${documentNumber}/v/1/pdf?via=digital-link`);
    const before = await downloadsOf();
    const pdf = await get(target);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('cache-control')).toBe('public, no-cache');
    expect(pdf.headers.get('vary')).toContain('Accept-Language');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const tag = pdf.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    const again = await get(target, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The currency page is in the reader's language: another language, other bytes, another tag.
    const german = await get(target, { 'if-none-match': tag, 'accept-language': 'de' });
    expect(german.status).toBe(200);
    expect(german.headers.get('etag')).not.toBe(tag);
    await german.arrayBuffer();
    expect((await downloadsOf()) - before).toBe(3);
  });

  it('the document’s page and the customer’s page data: a tag, public revalidation, 304 for its tag', async () => {
    for (const path of [`/p/${documentNumber}`, `/p/${documentNumber}/v/1`, `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`]) {
      const first = await get(path, { accept: path.startsWith('/p/') ? 'text/html' : 'application/json' });
      expect(first.status, path).toBe(200);
      expect(first.headers.get('cache-control'), path).toBe('public, no-cache');
      const tag = first.headers.get('etag');
      expect(tag, path).toBeTruthy();
      expect((await get(path, { 'if-none-match': tag!, accept: path.startsWith('/p/') ? 'text/html' : 'application/json' })).status, path).toBe(304);
    }
  });

  it('a visitor’s own answers stay private: a search link’s page data is never stored by a shared cache', async () => {
    const link = await t.call('POST', '/module2/openSearchLink', { body: { customerName, parentChangeId } });
    expect(link.status).toBe(200);
    expect(link.headers.get('cache-control')).toBe('private, no-store');
  });

  it('when the document goes Offline, then the next request naming any tag it had is answered 404, never 304', async () => {
    const label = `/01/${gtin}/10/C-1`;
    const redirect = await get(label);
    const pdfPath = pathOf(redirect.headers.get('location'));
    const pdf = await get(pdfPath);
    await pdf.arrayBuffer();
    const page = await get(`/p/${documentNumber}`);
    await page.text();
    const tags = { [label]: redirect.headers.get('etag')!, [pdfPath]: pdf.headers.get('etag')!, [`/p/${documentNumber}`]: page.headers.get('etag')! };
    for (const [path, tag] of Object.entries(tags)) expect((await get(path, { 'if-none-match': tag })).status, path).toBe(304);
    const before = await downloadsOf();

    await arrangeAccessibility(t, { parentChangeId, isInternal: true, requesterToken: admin });

    for (const [path, tag] of Object.entries(tags)) {
      const answer = await get(path, { 'if-none-match': tag });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('etag'), path).not.toBe(tag);
    }
    // Nothing was served, nothing counted.
    expect(await downloadsOf()).toBe(before);
  });
});
