import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { formatAuditDate } from '../audit';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { countOpenDownload, periodOf, SUMMARY_GRACE_MS, summariseOpenDownloads } from './open-downloads';
import { expectSome } from '../../../test-support/list-expectations';

/** Downloads from one address in 10 minutes before it is refused: above the 150 of the counting test. */
const LIMIT = 200;

/**
 * Anonymous open-access downloads do not grow the append-only log by requests: they are counted in a table
 * and summarised into the log per document and hour; the public file routes are limited per caller address.
 */
describe('open-access downloads: counted, summarised per document and hour, limited per address', () => {
  let t: TestApi;
  let child: { childDocumentId: string; documentNumber: string; sha256: string };
  let customerName: string;
  let customerId: string;
  let familyId: string;

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1', PUBLIC_FILE_RATE_LIMIT: String(LIMIT), PUBLIC_FILE_RATE_WINDOW_SECONDS: '600' });
    const approver: Signer = { id: '', email: 'counts.approver@example.com', password: 'counts approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    const author: Credentials = { email: 'counts.author@example.com', password: 'counts author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerName = unique('Counting Clinic ');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } })).status).toBe(200);
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Counted Pump', children: [{ lotNumber: 'C-1', partNumber: 'PN-C', countryList: 'DE,FR', languageList: 'de,fr' }], waitForText: false });
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    familyId = parentChangeId;
    child = ((await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Array<typeof child> }).children[0]!;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const pdf = (query: string, from: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/p/${child.documentNumber}/v/1/pdf${query}`, { headers: { 'x-forwarded-for': from, ...headers } });
  /** The log after `position`: what the downloads and the summaries appended. */
  const appendedSince = async (position: number) => t.store.readAll(position, 10_000);
  /** Moves the server's clock past the end of the hour `at` falls in, and past the grace the summary leaves. */
  const pastTheHourOf = (at: Date) => t.clock.advance(periodOf(at).getTime() + 60 * 60_000 + SUMMARY_GRACE_MS + 1000 - t.clock.now().getTime());

  it('150 anonymous downloads append nothing; once the hour is over, one summary event per document and hour holds them, once', async () => {
    const before = await t.store.lastPosition();
    const startedAt = t.clock.now();
    // 100 by the permalink from a German browser, 45 from a label's QR code in French, 5 through the customer page's
    // search without an email: ten at a time, as many readers at once.
    const downloads = [
      ...Array.from({ length: 100 }, () => () => pdf('', '198.51.100.10', { 'accept-language': 'de-DE,de;q=0.9' })),
      ...Array.from({ length: 45 }, () => () => pdf('?via=digital-link&lang=fr&country=FR', '198.51.100.10')),
    ];
    for (let i = 0; i < downloads.length; i += 10) {
      const answers = await Promise.all(downloads.slice(i, i + 10).map((download) => download()));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
    }
    const searchUrl = (await t.call('POST', '/module2/openSearchLink', { body: { customerName, parentChangeId: familyId } })).body.searchUrl as string;
    const token = new URL(searchUrl).searchParams.get('encryptedEmail')!;
    for (let i = 0; i < 5; i++) {
      const link = await t.call('POST', '/module2/getDocumentURL', { body: { docId: child.childDocumentId, encryptedUserEmail: token, country: '' } });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
    }
    expect((await appendedSince(before)).map((e) => e.type)).toEqual([]);

    // The hour is not over: nothing is summarised yet.
    await summariseOpenDownloads(t.api.context);
    expect((await appendedSince(before)).map((e) => e.type)).toEqual([]);

    pastTheHourOf(startedAt);
    await summariseOpenDownloads(t.api.context);
    const summaries = await appendedSince(before);
    expect(summaries.map((e) => [e.type, e.streamId])).toEqual([
      ['OpenAccessDownloadsCounted', `open-downloads-${child.childDocumentId}-${periodOf(startedAt).toISOString().slice(0, 13)}`],
    ]);
    expect(summaries[0]!.data).toEqual({
      childDocumentId: child.childDocumentId,
      documentNumber: child.documentNumber,
      parentChangeId: familyId,
      customerId,
      version: 1,
      sha256: child.sha256,
      periodStart: periodOf(startedAt).toISOString(),
      periodEnd: new Date(periodOf(startedAt).getTime() + 60 * 60_000).toISOString(),
      downloads: 150,
      byVia: [
        { via: 'permalink', downloads: 100 },
        { via: 'digital-link', downloads: 45 },
        { via: 'search', downloads: 5 },
      ],
      byCountry: [
        { country: 'DE', downloads: 100 },
        { country: 'FR', downloads: 45 },
        { country: null, downloads: 5 },
      ],
      byLanguage: [
        { language: 'de', downloads: 100 },
        { language: 'fr', downloads: 45 },
        { language: null, downloads: 5 },
      ],
    });
    expect(summaries[0]!.metadata).toMatchObject({ actor: { type: 'system', name: 'open-download-counts' }, ip: null, userAgent: null });

    // Again (the next tick, another API instance): nothing more.
    await summariseOpenDownloads(t.api.context);
    expect(await appendedSince(before)).toHaveLength(1);

    // A run that stopped after its append and before marking the counts (a restart): the next run appends nothing.
    await t.database.db.query('UPDATE open_download_counts SET summarised = 0 WHERE child_document_id = $1', [child.childDocumentId]);
    await summariseOpenDownloads(t.api.context);
    expect(await appendedSince(before)).toHaveLength(1);
    const pending = await t.database.db.query('SELECT 1 FROM open_download_counts WHERE child_document_id = $1 AND summarised < downloads', [child.childDocumentId]);
    expect(pending.rows).toEqual([]);

    // A download counted in that hour after its summary (an instance whose clock is behind): a second event with it alone.
    const { streamId } = summaries[0]!;
    await countOpenDownload(
      { ...t.api.context, clock: () => startedAt },
      { childDocumentId: child.childDocumentId, documentNumber: child.documentNumber, parentChangeId: familyId, customerId, version: 1, sha256: child.sha256, via: 'permalink', country: 'DE', language: 'de' },
    );
    await summariseOpenDownloads(t.api.context);
    const late = (await appendedSince(before)).slice(1);
    expect(late.map((e) => [e.type, e.streamId])).toEqual([['OpenAccessDownloadsCounted', streamId]]);
    expect(late[0]!.data).toMatchObject({ downloads: 1, byVia: [{ via: 'permalink', downloads: 1 }], byCountry: [{ country: 'DE', downloads: 1 }], byLanguage: [{ language: 'de', downloads: 1 }] });
  }, 120_000);

  it('two summaries at once (two API instances) put an hour into the log once', async () => {
    const before = await t.store.lastPosition();
    const startedAt = t.clock.now();
    for (let i = 0; i < 3; i++) {
      const answer = await pdf('', '198.51.100.11');
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    pastTheHourOf(startedAt);
    await Promise.all([summariseOpenDownloads(t.api.context), summariseOpenDownloads(t.api.context)]);
    const summaries = await appendedSince(before);
    expect(summaries.map((e) => e.type)).toEqual(['OpenAccessDownloadsCounted']);
    expect(summaries[0]!.data).toMatchObject({ downloads: 3 });
  });

  it('the audit CSV reads a summary in words', async () => {
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const from = formatAuditDate(new Date(t.clock.now().getTime() - 24 * 60 * 60_000));
    const to = formatAuditDate(new Date(t.clock.now().getTime() + 24 * 60 * 60_000));
    const csv = await (await fetch(`${t.url}/user/create/report?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${admin}` } })).text();
    const lines = csv.split(/\r?\n/).filter((line) => line.includes('OpenAccessDownloadsCounted'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expectSome(lines, (line) => line.includes(`Document ${child.documentNumber} version 1 downloaded without a link 150 times from `) && line.includes('(by way: permalink 100, digital-link 45, search 5; by country: DE 100, FR 45, unknown 5; by language: de 100, fr 45, unknown 5)'));
  });

  it('past the limit, one caller address gets 429 with Retry-After on every public file route; another address is still served', async () => {
    const crowded = '203.0.113.7';
    // The budget is shared by the public file routes: invalid file links count as PDFs do.
    for (let i = 0; i < LIMIT - 1; i++) {
      const answer = await fetch(`${t.url}/module2/file/${child.childDocumentId}?customer=x&family=y&expires=1&signature=z`, { headers: { 'x-forwarded-for': crowded } });
      expect(answer.status).toBe(404);
      await answer.arrayBuffer();
    }
    const last = await pdf('', crowded);
    expect(last.status).toBe(200);
    await last.arrayBuffer();
    const before = await t.store.lastPosition();
    for (const refused of [
      await pdf('', crowded),
      await fetch(`${t.url}/module2/file/${child.childDocumentId}?customer=x&family=y&expires=1&signature=z`, { headers: { 'x-forwarded-for': crowded } }),
      await fetch(`${t.url}/files/${child.sha256}?type=application%2Fpdf&expires=1&signature=z`, { headers: { 'x-forwarded-for': crowded } }),
    ]) {
      expect({ status: refused.status, retryAfter: Number(refused.headers.get('retry-after')) > 0, body: await refused.json() }).toEqual({
        status: 429,
        retryAfter: true,
        body: expect.objectContaining({ message: `Too many downloads from this address: at most ${LIMIT} in 10 minutes. Please wait 10 minutes and try again.` }),
      });
    }
    const other = await pdf('', '203.0.113.8');
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('application/pdf');
    await other.arrayBuffer();
    expect(await appendedSince(before)).toEqual([]);
  }, 120_000);
});
