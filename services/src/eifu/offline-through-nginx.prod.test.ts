import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf } from '@ifu/contracts';
import { arrangeAccessibility, arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../../../test-support/document-arrangements';
import { addUserWithPassword } from '../../../test-support/http-client';
import { skipUnless } from '../../../test-support/machine-needs';
import { endpoint, FIRST_ADMIN, type ProductShape, startProductShape } from '../../../test-support/product-shape';

const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

/**
 * Offline at once through the production shape: two API instances behind nginx. A cache in front revalidates each
 * reuse (`public, no-cache`, If-None-Match); whichever instance nginx sends the question to answers from the shared
 * read model, so the first question after the switch is answered 404 by both.
 */
describe.skipIf(skipUnless(['postgres-server', 'nginx']))('Offline at once through nginx, two API instances', () => {
  let shape: ProductShape;
  let admin: string;
  let parentChangeId: string;
  const gtin = newGtin();
  const label = `/01/${gtin}/10/OFF-1`;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shape.url}${path}`, { redirect: 'manual', headers: { 'accept-language': 'en', ...headers } });

  beforeAll(async () => {
    shape = await startProductShape({ instances: 2 });
    const api = endpoint(shape.url);
    admin = await api.login(FIRST_ADMIN.email, FIRST_ADMIN.password);
    const approver: Signer = { id: '', email: 'offline.approver@example.com', password: 'offline approver password' };
    const author = { email: 'offline.author@example.com', password: 'offline author password' };
    approver.id = await addUserWithPassword(shape.url, admin, shape.dataDir, { ...approver, firstName: 'Olga', lastName: 'Approver', role: 'ADMIN' });
    await addUserWithPassword(shape.url, admin, shape.dataDir, { ...author, firstName: 'Otto', lastName: 'Author', role: 'USER' });
    const customerId = await arrangeApprovedCustomer(api, FIRST_ADMIN, approver, 'Offline Clinic');
    expect((await api.call('PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } })).status).toBe(200);
    ({ parentChangeId } = await arrangeChangeOrder(api, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'Recalled Pump',
      children: [{ lotNumber: 'OFF-1', partNumber: 'PN-OFF', gtin, languageList: 'en' }],
      waitForText: false,
    }));
    await arrangeDecision(api, { parentChangeId, approver, approve: true });
  });
  afterAll(async () => {
    await shape?.stop();
  });

  it('when a document is taken Offline, then the next revalidation of its label and PDF through nginx is 404 from either instance', async () => {
    const redirect = await get(label);
    expect(redirect.status).toBe(307);
    const target = new URL(redirect.headers.get('location')!);
    const pdfPath = `${target.pathname}${target.search}`;
    const pdf = await get(pdfPath);
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    const tags: Array<[string, string]> = [
      [label, redirect.headers.get('etag')!],
      [pdfPath, pdf.headers.get('etag')!],
    ];
    // Before: both instances answer the cache's question with 304 (nginx takes turns, so twice each).
    const before = new Set<string>();
    for (const [path, tag] of [...tags, ...tags]) {
      const answer = await get(path, { 'if-none-match': tag });
      expect(answer.status, path).toBe(304);
      before.add(answer.headers.get('x-upstream') ?? '');
    }
    expect(before.size).toBe(2);

    await arrangeAccessibility(endpoint(shape.url), { parentChangeId, isInternal: true, requesterToken: admin });

    const after = new Set<string>();
    for (const [path, tag] of [...tags, ...tags]) {
      const answer = await get(path, { 'if-none-match': tag });
      expect(answer.status, `${path} from ${answer.headers.get('x-upstream')}`).toBe(404);
      await answer.arrayBuffer();
      after.add(answer.headers.get('x-upstream') ?? '');
    }
    expect(after.size).toBe(2);
  });
});
