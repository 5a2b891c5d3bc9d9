import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeAccessibility, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { multipart, sendForm } from '../../../test-support/documents';
import { pdfPages } from '../../../test-support/pdf-pages';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { skipWithoutServer } from '../../../test-support/test-database';
import { formatAuditDate } from '../audit';
import { PUBLIC_DOWNLOADS_PER_LINK } from './public-search';
import { sealSearchLink } from './search-link';
import { forgetVisitor } from './visitors';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const VISITOR = 'Nurse.Jones@clinic.example';

/** The public search and download (spec §7.4): visibility, link scope, signed URLs, crypto-shredding. */
describe('public search and download over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let approver: Signer;
  let author: Credentials;
  let customerName: string;
  let customerId: string;
  let otherCustomerId: string;
  let familyId: string;
  let token: string;
  const lots: Record<string, string> = {};
  const children: Record<string, string> = {};

  const order = async (forCustomer: string, productName: string, kids: Array<{ key: string; lot?: string; countryList?: string; languageList?: string; pdfLines?: string[] }>, options: { decide?: boolean; approve?: boolean; isInternal?: boolean; effectiveDate?: string } = {}) => {
    for (const kid of kids) lots[kid.key] = kid.lot ?? lots[kid.key] ?? unique('LOT-');
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId: forCustomer,
      productName,
      isInternal: options.isInternal,
      effectiveDate: options.effectiveDate,
      children: kids.map((kid) => ({ lotNumber: lots[kid.key]!, partNumber: 'PN-7', countryList: kid.countryList, languageList: kid.languageList, pdfLines: kid.pdfLines })),
    });
    if (options.decide !== false) await arrangeDecision(t, { parentChangeId, approver, approve: options.approve ?? true });
    const view = (await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Array<{ childDocumentId: string; associatedReferenceNumber: string }> };
    for (const kid of kids) children[`${kid.key}@${productName}`] = view.children.find((c) => c.associatedReferenceNumber === lots[kid.key])!.childDocumentId;
    return parentChangeId;
  };
  const linkFor = (email = VISITOR, options: { customer?: string; family?: string; expiresInDays?: number } = {}) =>
    sealSearchLink(t.api.context.secrets.linkSecret, { customerId: options.customer ?? customerId, parentChangeId: options.family ?? familyId }, email, new Date(t.clock.now().getTime() + (options.expiresInDays ?? 30) * DAY_MS));
  const search = (body: Record<string, unknown> = {}) =>
    t.call('POST', '/module2/searchDocuments/', { body: { customerName, parentChangeId: familyId, encryptedEmail: token, country: 'DE', language: 'de', keyword: '', documentNumber: '', ...body } });
  const found = async (body: Record<string, unknown> = {}) => {
    const answer = await search(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.list as Array<{ childDocumentId: string }>).map((d) => d.childDocumentId);
  };
  const documentUrl = (docId: string, body: Record<string, unknown> = {}) => t.call('POST', '/module2/getDocumentURL', { body: { docId, encryptedUserEmail: token, country: 'de', ...body } });

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'public.approver@example.com', password: 'public approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'public.author@example.com', password: 'public author password' };
    await t.createUser({ ...author, role: 'USER' });
    const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerName = unique('Public Clinic ');
    customerId = await arrangeApprovedCustomer(t, registrar, approver, customerName);
    otherCustomerId = await arrangeApprovedCustomer(t, registrar, approver, unique('Elsewhere Clinic '));
    familyId = await order(customerId, 'Cardio Stent', [
      { key: 'german', countryList: 'DE,AT', languageList: 'de,en', pdfLines: ['Gebrauchsanweisung', 'Der Ballon zyxtocin wird langsam gefüllt.'] },
      { key: 'french', countryList: 'FR', languageList: 'fr', pdfLines: ['Notice d’utilisation du stent'] },
      { key: 'superseded', countryList: 'DE', languageList: 'de', pdfLines: ['Alte Fassung quenvarol'] },
    ]);
    // A new version of 'superseded' in the same family, effective today: the old one is archived.
    await order(customerId, 'Cardio  stent', [{ key: 'superseded', countryList: 'DE', languageList: 'de', pdfLines: ['Neue Fassung quenvarol'] }]);
    await order(customerId, 'Cardio Stent', [{ key: 'pending', countryList: 'DE', languageList: 'de' }], { decide: false });
    await order(customerId, 'Cardio Stent', [{ key: 'rejected', countryList: 'DE', languageList: 'de' }], { approve: false });
    await order(customerId, 'Cardio Stent', [{ key: 'offline', countryList: 'DE', languageList: 'de' }], { isInternal: true });
    await order(customerId, 'Cardio Stent', [{ key: 'future', countryList: 'DE', languageList: 'de' }], { effectiveDate: inDays(20) });
    await order(customerId, 'Ortho Screw', [{ key: 'otherFamily', countryList: 'DE', languageList: 'de' }]);
    await order(otherCustomerId, 'Cardio Stent', [{ key: 'otherCustomer', countryList: 'DE', languageList: 'de' }]);
    token = linkFor();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe('POST /module2/searchDocuments/', () => {
    it('answers only the current, approved, Online documents of the link’s customer and family, effective today, for the country and language', async () => {
      const answer = await search();
      expect(answer.status).toBe(200);
      const ids = (answer.body.list as Array<{ childDocumentId: string }>).map((d) => d.childDocumentId).sort();
      expect(ids).toEqual([children['german@Cardio Stent'], children['superseded@Cardio  stent']].sort());
      expect(answer.body.list.find((d: { childDocumentId: string }) => d.childDocumentId === children['german@Cardio Stent'])).toEqual({
        childDocumentId: children['german@Cardio Stent'],
        documentNumber: expect.stringMatching(/^CO-\d{4}-\d{5}-01$/),
        associatedReferenceNumber: lots.german,
        productSubFamilyNameOne: 'PN-7',
        // An addition to the spec's columns: the device's UDI-DI, none here.
        gtin: '',
        description: `First release of ${lots.german}`,
        languageList: 'de,en',
        countryList: 'DE,AT',
        effectiveDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        productFamilyName: 'Cardio Stent',
        docName: `IFU ${lots.german}.pdf`,
      });
      // Never shown: pending, rejected, Offline, not yet effective, superseded, another family, another customer.
      for (const hidden of ['pending', 'rejected', 'offline', 'future', 'superseded@Cardio Stent', 'otherFamily', 'otherCustomer']) {
        const id = children[hidden.includes('@') ? hidden : `${hidden}@${hidden === 'otherFamily' ? 'Ortho Screw' : 'Cardio Stent'}`];
        expect(ids, hidden).not.toContain(id);
      }
    });

    it('filters by country and language (case aside), by a word in the PDF, accents folded, and by a fragment of the document number', async () => {
      expect(await found({ country: 'fr', language: 'FR' })).toEqual([children['french@Cardio Stent']]);
      expect(await found({ country: 'AT', language: 'en' })).toEqual([children['german@Cardio Stent']]);
      expect(await found({ country: 'US', language: 'de' })).toEqual([]);
      expect(await found({ country: 'DE', language: 'fr' })).toEqual([]);
      expect(await found({ keyword: 'zyxtocin' })).toEqual([children['german@Cardio Stent']]);
      expect(await found({ keyword: 'gefullt' })).toEqual([children['german@Cardio Stent']]);
      // The old version's words find the new one only if it has them: 'quenvarol' is in both, only the new is current.
      expect(await found({ keyword: 'quenvarol' })).toEqual([children['superseded@Cardio  stent']]);
      expect(await found({ documentNumber: lots.german!.slice(4).toLowerCase() })).toEqual([children['german@Cardio Stent']]);
      const none = await search({ keyword: 'nothingmatcheshere' });
      expect(none.body).toEqual({ list: [], message: 'No Data Found' });
    });

    it('searches every language and country when neither is given, the reader’s languages first', async () => {
      const everywhere = { country: undefined, language: undefined };
      const current = [children['german@Cardio Stent'], children['french@Cardio Stent'], children['superseded@Cardio  stent']];
      expect((await found(everywhere)).sort()).toEqual([...current].sort());
      expect((await found({ country: '', language: '' })).sort()).toEqual([...current].sort());
      // French first for a French reader, last for a German one (both others are in German).
      expect((await found({ ...everywhere, readerLanguages: ['fr-CH', 'de'] }))[0]).toBe(children['french@Cardio Stent']);
      expect((await found({ ...everywhere, readerLanguages: ['de-AT'] })).at(-1)).toBe(children['french@Cardio Stent']);
      // Only 'german' is in English: an English reader who also reads French gets it, then the French one.
      expect((await found({ ...everywhere, readerLanguages: ['en', 'fr'] })).slice(0, 2)).toEqual([children['german@Cardio Stent'], children['french@Cardio Stent']]);
      // Without a hint in the body, the browser's Accept-Language orders them.
      const byHeader = await t.call('POST', '/module2/searchDocuments/', {
        body: { customerName, parentChangeId: familyId, encryptedEmail: token },
        headers: { 'accept-language': 'fr-FR,fr;q=0.9,de;q=0.5' },
      });
      expect(byHeader.status).toBe(200);
      expect(byHeader.body.list[0].childDocumentId).toBe(children['french@Cardio Stent']);
      // One of the two alone filters by it alone.
      expect(await found({ country: 'FR', language: undefined })).toEqual([children['french@Cardio Stent']]);
      expect(await found({ country: undefined, language: 'en' })).toEqual([children['german@Cardio Stent']]);
    });

    it('when nothing is found in the chosen language or country, says which languages and countries the same search finds documents in', async () => {
      const none = await search({ country: 'US', language: 'de' });
      expect(none.body).toEqual({ list: [], message: 'No Data Found', availableIn: { languages: ['de', 'en', 'fr'], countries: ['AT', 'DE', 'FR'] } });
      // The same words and number: only where they are found.
      const word = await search({ keyword: 'zyxtocin', country: 'FR', language: 'fr' });
      expect(word.body).toEqual({ list: [], message: 'No Data Found', availableIn: { languages: ['de', 'en'], countries: ['AT', 'DE'] } });
      // Found nowhere: nothing to point to.
      expect((await search({ keyword: 'nothingmatcheshere', country: 'FR', language: 'fr' })).body).toEqual({ list: [], message: 'No Data Found' });
      // Found: no availableIn.
      expect((await search()).body.availableIn).toBeUndefined();
      // The document of another family or customer, or not yet public, is never pointed to: 'otherFamily' is in DE/de only,
      // and a search for its lot in French says nothing.
      expect((await search({ documentNumber: lots.otherFamily!, country: 'FR', language: 'fr' })).body).toEqual({ list: [], message: 'No Data Found' });
    });

    it('refuses an unknown country or language and a malformed list of reader languages, and bounds every field, before the link is even opened', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ country: 'XX' }, 'country is not a known code'],
        [{ country: 'x'.repeat(11) }, 'country is not a known code'],
        [{ country: 42 }, 'country must be a string'],
        [{ language: 'qq' }, 'language is not a known code'],
        [{ readerLanguages: ['de', 'fr', 'en', 'it', 'es', 'nl'] }, 'readerLanguages must list at most 5 languages'],
        [{ readerLanguages: 'de' }, 'readerLanguages must be a list of language tags'],
        [{ readerLanguages: ['x'.repeat(36)] }, 'readerLanguages.0: readerLanguages must be language tags'],
        [{ keyword: 'x'.repeat(201) }, 'keyword must be at most 200 characters'],
        [{ keyword: 'bell\u0007' }, 'keyword must not contain control characters'],
        [{ parentChangeId: 'nope' }, 'parentChangeId must be a change order id'],
        [{ encryptedEmail: '' }, 'encryptedEmail is required'],
      ];
      for (const [body, message] of cases) {
        await spec.when(() => search(body)).thenNothingStored(400, message);
      }
    });

    it('refuses a tampered, foreign or expired link', async () => {
      const bytes = Buffer.from(token, 'base64url');
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
      await spec.when(() => search({ encryptedEmail: bytes.toString('base64url') })).thenNothingStored(400, 'This search link is not valid. Ask for a new one below.');
      // A valid link of another family or customer, with this customer and family in the request.
      const otherFamily = (await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`)).body.products.find((p: { productFamilyName: string }) => p.productFamilyName === 'Ortho Screw').parentChangeId;
      await spec.when(() => search({ encryptedEmail: linkFor(VISITOR, { family: otherFamily }) })).thenNothingStored(400, 'This search link is not valid. Ask for a new one below.');
      await spec.when(() => search({ encryptedEmail: linkFor(VISITOR, { customer: otherCustomerId }) })).thenNothingStored(400, 'This search link is not valid. Ask for a new one below.');
      await spec.when(() => search({ encryptedEmail: linkFor(VISITOR, { expiresInDays: -1 }) })).thenNothingStored(410, 'This search link has expired. Ask for a new one below.');
    });
  });

  describe('POST /module2/getDocumentURL', () => {
    it('answers a signed URL of that document only, for minutes; the download is the visitor’s event, email sealed, no IP', async () => {
      const id = children['german@Cardio Stent']!;
      const { answer, events } = await spec.when(() => documentUrl(id)).then({
        status: 200,
        body: { docURL: expect.stringContaining(`/module2/file/${id}?`), expiresAt: expect.any(String) },
        events: [{ stream: /^visitor-download-[0-9a-f-]{36}$/, type: 'PublicDocumentDownloaded', data: { childDocumentId: id, country: 'DE', customerId } }],
      });
      const event = events[0]!;
      expect(event.metadata).toMatchObject({ actor: { type: 'visitor', visitorId: (event.data as { visitorId: string }).visitorId }, ip: null, userAgent: null });
      expect(JSON.stringify(event).toLowerCase()).not.toContain('nurse.jones');
      const file = await fetch(answer.body.docURL);
      expect({ status: file.status, type: file.headers.get('content-type') }).toEqual({ status: 200, type: 'application/pdf' });
      expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="IFU LOT-/);
      // Its last page says how to check the copy is current: the version's permalink, number and date.
      expect(file.headers.get('currency-stamp')).toBe('added');
      const last = (await pdfPages(new Uint8Array(await file.arrayBuffer()))).at(-1)!;
      expect(last).toMatch(/^Is this copy current\? Check that this copy is current: http:\/\/localhost:3001\/p\/CO-\d{4}-\d{5}-\d{2} Version 1, issued \d{2} [A-Z][a-z]{2} \d{4} This version: http:\/\/localhost:3001\/p\/CO-\d{4}-\d{5}-\d{2}\/v\/1 /);
      // The URL names its document: pointing it at another document of the same family is refused.
      const frenchId = children['french@Cardio Stent']!;
      const french = (await documentUrl(frenchId)).body.docURL as string;
      expect((await fetch(answer.body.docURL.replace(id, frenchId))).status).toBe(404);
      expect((await fetch(french)).status).toBe(200);
      // So are its scope (another customer or family) and a changed signature.
      for (const bent of [answer.body.docURL.replace(/customer=[^&]+/, `customer=${otherCustomerId}`), answer.body.docURL.replace(/signature=[^&]+/, 'signature=AAAA')]) {
        expect(await (await fetch(bent)).json()).toEqual({ code: 'file-link-invalid', message: 'This download link is not valid or has expired' });
      }
      // Minutes, not days.
      t.clock.advance(6 * 60_000);
      expect((await fetch(answer.body.docURL)).status).toBe(404);
      t.clock.advance(-6 * 60_000);
    });

    it('refuses a document outside the link’s scope or not public, a tampered or expired link: nothing recorded', async () => {
      for (const hidden of ['otherFamily@Ortho Screw', 'otherCustomer@Cardio Stent', 'pending@Cardio Stent', 'offline@Cardio Stent', 'future@Cardio Stent', 'superseded@Cardio Stent']) {
        await spec.when(() => documentUrl(children[hidden]!)).thenNothingStored(404, 'This document is not available through this search link');
      }
      await spec.when(() => documentUrl(children['german@Cardio Stent']!, { encryptedUserEmail: `${token.slice(0, -2)}AA` })).thenNothingStored(400, 'This search link is not valid. Ask for a new one below.');
      await spec.when(() => documentUrl(children['german@Cardio Stent']!, { encryptedUserEmail: linkFor(VISITOR, { expiresInDays: -1 }) })).thenNothingStored(410, 'This search link has expired. Ask for a new one below.');
      await spec.when(() => documentUrl('not-an-id')).thenNothingStored(400, 'docId must be a document id');
      await spec.when(() => documentUrl(children['german@Cardio Stent']!, { country: 'ZZ' })).thenNothingStored(400, 'country is not a known code');
    });
  });

  describe('many downloads at once through one link, access that ends at once', () => {
    it('one visitor opening documents 8 at a time: every call is answered and recorded up to the link’s limit, then 429; another link is not limited', async () => {
      const link = linkFor(`${unique('busy.')}@clinic.example`);
      const ids = [children['german@Cardio Stent']!, children['superseded@Cardio  stent']!, children['french@Cardio Stent']!];
      const before = await t.store.lastPosition();
      const statuses: number[] = [];
      for (let start = 0; start < PUBLIC_DOWNLOADS_PER_LINK.limit; start += 8) {
        const batch = Array.from({ length: Math.min(8, PUBLIC_DOWNLOADS_PER_LINK.limit - start) }, (_, i) => documentUrl(ids[(start + i) % ids.length]!, { encryptedUserEmail: link }));
        statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
      }
      expect(statuses).toEqual(Array(PUBLIC_DOWNLOADS_PER_LINK.limit).fill(200));
      const recorded = (await t.store.readAll(before, 10_000)).filter((event) => event.type === 'PublicDocumentDownloaded');
      expect(recorded).toHaveLength(PUBLIC_DOWNLOADS_PER_LINK.limit);
      await spec
        .when(() => documentUrl(ids[0]!, { encryptedUserEmail: link }))
        .thenNothingStored(429, `Too many downloads through this search link. Please wait ${PUBLIC_DOWNLOADS_PER_LINK.windowMinutes} minutes and try again.`);
      expect((await documentUrl(ids[0]!, { encryptedUserEmail: linkFor(`${unique('calm.')}@clinic.example`) })).status).toBe(200);
    });

    it('a download URL issued before stops serving at once when its document is no longer public to the visitor: Offline, superseded; a change pending on its customer keeps it served', async () => {
      const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
      const clinic = unique('Ending Clinic ');
      const clinicId = await arrangeApprovedCustomer(t, registrar, approver, clinic);
      const family = await order(clinicId, 'Ending Pump', [{ key: 'endOffline' }, { key: 'endSuperseded' }, { key: 'endCustomer' }]);
      const link = linkFor(`${unique('ending.')}@clinic.example`, { customer: clinicId, family });
      const urlOf = async (key: string) => {
        const answer = await documentUrl(children[`${key}@Ending Pump`]!, { encryptedUserEmail: link });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.docURL as string;
      };
      const [offline, superseded, customerGone] = [await urlOf('endOffline'), await urlOf('endSuperseded'), await urlOf('endCustomer')];
      const served = async (url: string) => {
        const file = await fetch(url);
        return { status: file.status, body: file.headers.get('content-type') === 'application/pdf' ? 'pdf' : await file.json() };
      };
      const gone = { status: 404, body: { code: 'search-link-out-of-scope', message: 'This document is not available through this search link' } };
      for (const url of [offline, superseded, customerGone]) expect(await served(url)).toEqual({ status: 200, body: 'pdf' });

      // An approved change order's switch takes effect at once (spec §4).
      const switchTo = (isInternal: boolean) => arrangeAccessibility(t, { parentChangeId: family, isInternal, requesterToken: admin });
      await switchTo(true);
      expect(await served(offline)).toEqual(gone);
      await switchTo(false);
      expect(await served(offline)).toEqual({ status: 200, body: 'pdf' });

      // A newer version of the same reference and part number, effective today, supersedes it.
      await order(clinicId, 'Ending Pump', [{ key: 'endSuperseded' }]);
      expect(await served(superseded)).toEqual(gone);
      expect(await served(customerGone)).toEqual({ status: 200, body: 'pdf' });

      // A changed contact email waits for the approver's signature: the approved customer stays public, and so
      // do its documents, while the change is pending.
      const changed = await sendForm(
        t.url,
        'PUT',
        '/customer/update',
        multipart({ id: clinicId, customerName: clinic, contactInformation: '4930901820', contactEmail: 'new.contact@example.com', countryExclusionList: 'DE,US', customerWebsiteLink: 'https://example.com', approverId: approver.id }),
        admin,
      );
      expect(changed.body.customer, JSON.stringify(changed.body)).toMatchObject({ status: 'APPROVED', pendingChange: { contactEmail: 'new.contact@example.com' } });
      expect(await served(customerGone)).toEqual({ status: 200, body: 'pdf' });
    });
  });

  it('a forgotten visitor’s email is unreadable in the events and the CSV, the chain still verifies; others are untouched', async () => {
    const forgetMe = `${unique('forget.me.')}@clinic.example`;
    const keepMe = `${unique('keep.me.')}@clinic.example`;
    for (const email of [forgetMe, keepMe]) {
      expect((await documentUrl(children['german@Cardio Stent']!, { encryptedUserEmail: linkFor(email) })).status).toBe(200);
    }
    const today = formatAuditDate(t.clock.now());
    const csv = async () => (await fetch(`${t.url}/user/create/report?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin}` } })).text();
    const before = await csv();
    expect(before).toContain(`Public visitor,${forgetMe}`);
    expect(before).toContain(`Downloaded document`);
    const byEmail = await (await fetch(`${t.url}/user/create/report?from=${today}&to=${today}&email=${encodeURIComponent(forgetMe.toUpperCase())}`, { headers: { authorization: `Bearer ${admin}` } })).text();
    expect(byEmail.split(/\r?\n/).filter((line) => line.includes('PublicDocumentDownloaded'))).toHaveLength(1);

    const log = JSON.stringify(await t.store.readAll(0, 100_000));
    expect(await forgetVisitor(t.api.context.db, t.api.context.secrets.linkSecret, forgetMe.toUpperCase())).toBe(1);
    expect(JSON.stringify(await t.store.readAll(0, 100_000))).toBe(log);
    const after = await csv();
    expect(after).not.toContain(forgetMe);
    expect(after).toContain('Public visitor,erased visitor');
    expect(after).toContain(`Public visitor,${keepMe}`);
    // Nothing else holds the address: no read model, no table.
    const { rows } = await t.api.context.db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM visitor_keys v WHERE v.email_digest IS NULL) AS found`,
    );
    expect(rows[0]!.found).toBe(false);
    expect((await t.store.verifyChain()).ok).toBe(true);
    expect(await forgetVisitor(t.api.context.db, t.api.context.secrets.linkSecret, forgetMe)).toBe(0);
  });

  it.skipIf(skipWithoutServer('the visitor:forget CLI (its own connection)'))('npm run visitor:forget -- <email> deletes the key (real PostgreSQL)', async () => {
    const email = `${unique('cli.')}@clinic.example`;
    expect((await documentUrl(children['german@Cardio Stent']!, { encryptedUserEmail: linkFor(email) })).status).toBe(200);
    const url = new URL(t.database.connectionString!);
    url.searchParams.set('options', `-c search_path=${t.database.schema}`);
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: t.dataDir, AUDIT_KEY: TEST_AUDIT_KEY, LOG_LEVEL: 'silent' };
    const { stdout } = await run('npx', ['tsx', 'services/src/public-portal/visitor-forget-cli.ts', email], { env, cwd: new URL('../../../', import.meta.url).pathname });
    expect(stdout).toContain('Visitor forgotten');
    const again = await run('npx', ['tsx', 'services/src/public-portal/visitor-forget-cli.ts', email], { env, cwd: new URL('../../../', import.meta.url).pathname });
    expect(again.stdout).toContain('No key for this address');
  }, 60_000);
});
