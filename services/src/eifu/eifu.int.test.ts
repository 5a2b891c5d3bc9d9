import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf, PRODUCT_IDENTIFIER_MESSAGES } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type ChildArrangement, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { pdfWithExpandingObjectStream } from '../../../test-support/hostile-pdfs';
import { pdfPages, qrOnLastPage } from '../../../test-support/pdf-pages';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/** A GTIN-14 with a right check digit from 13 random digits (each test file its own devices). */
const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

type Child = { childDocumentId: string; documentNumber: string; sha256: string; associatedReferenceNumber: string; productSubFamilyNameOne: string; gtin: string; labelUrl: string; permalink: string };

/** The eIFU site: the GS1 Digital Link resolver, the permalinks and their versions, open access. */
describe('eIFU site over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let approver: Signer;
  let author: Credentials;
  let openCustomer: string;
  let linkCustomer: string;
  let openCustomerName: string;
  let linkCustomerName: string;
  let pumpFamily: string;
  let dressingFamily: string;
  const pump = newGtin();
  const closedDevice = newGtin();
  const offlineDevice = newGtin();
  const pendingDevice = newGtin();
  const children: Record<string, Child> = {};

  const order = async (customerId: string, productName: string, kids: Array<ChildArrangement & { key: string }>, options: { decide?: boolean; isInternal?: boolean } = {}) => {
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName, isInternal: options.isInternal, children: kids, waitForText: false });
    if (options.decide !== false) await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const view = (await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Child[] };
    for (const kid of kids) children[kid.key] = view.children.find((c) => c.associatedReferenceNumber === kid.lotNumber && c.productSubFamilyNameOne === kid.partNumber)!;
    return parentChangeId;
  };
  /** A GET on the API as a browser or a scanner would send it, redirects not followed. */
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
  /** A document's open-access download counts (eifu/open-downloads.ts), `dimension:value` → downloads, over every hour. */
  const countsOf = async (childDocumentId: string) => {
    const { rows } = await t.database.db.query<{ dimension: string; value: string; downloads: number }>(
      'SELECT dimension, value, sum(downloads)::int AS downloads FROM open_download_counts WHERE child_document_id = $1 GROUP BY dimension, value',
      [childDocumentId],
    );
    return new Map(rows.map((r) => [`${r.dimension}:${r.value}`, Number(r.downloads)]));
  };
  /** What was counted between two readings of `countsOf`. */
  const countedBetween = (before: Map<string, number>, after: Map<string, number>) =>
    Object.fromEntries([...after].map(([key, n]) => [key, n - (before.get(key) ?? 0)]).filter(([, n]) => n !== 0));
  /** The path of an absolute address on the public domain (the portal passes it to the API). */
  const pathOf = (location: string | null) => (location ? new URL(location).pathname + new URL(location).search : '');

  beforeAll(async () => {
    // The PDF processes' memory at the lowest allowed, so that the bomb below meets it quickly.
    t = await startTestApi({ PDF_TEXT_MAX_MEMORY_MB: '128' });
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'eifu.approver@example.com', password: 'eifu approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'eifu.author@example.com', password: 'eifu author password' };
    await t.createUser({ ...author, role: 'USER' });
    const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    openCustomerName = unique('Open Clinic ');
    linkCustomerName = unique('Link Clinic ');
    openCustomer = await arrangeApprovedCustomer(t, registrar, approver, openCustomerName);
    linkCustomer = await arrangeApprovedCustomer(t, registrar, approver, linkCustomerName);
    const opened = await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: openCustomer, openAccess: true } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);

    pumpFamily = await order(openCustomer, 'Infusion Pump', [
      { key: 'lot100de', lotNumber: 'L-100', partNumber: 'PN-DE', gtin: pump, countryList: 'DE,AT', languageList: 'de' },
      { key: 'lot100fr', lotNumber: 'L-100', partNumber: 'PN-FR', gtin: pump, countryList: 'FR,BE', languageList: 'fr' },
      { key: 'lot200low', lotNumber: 'L-200', partNumber: 'PN-LOW', gtin: pump, countryList: 'DE,GB', languageList: 'de,en', additionalLots: 'L-201', serialRanges: '1000-1999' },
      { key: 'lot200high', lotNumber: 'L-200', partNumber: 'PN-HIGH', gtin: pump, countryList: 'DE', languageList: 'de', serialRanges: '2000-2999' },
    ]);
    dressingFamily = await order(linkCustomer, 'Wound Dressing', [{ key: 'closed', lotNumber: 'W-1', partNumber: 'PN-W', gtin: closedDevice, countryList: 'DE', languageList: 'de' }]);
    await order(openCustomer, 'Offline Pump', [{ key: 'offline', lotNumber: 'O-1', partNumber: 'PN-O', gtin: offlineDevice }], { isInternal: true });
    await order(openCustomer, 'Pending Pump', [{ key: 'pending', lotNumber: 'P-1', partNumber: 'PN-P', gtin: pendingDevice }], { decide: false });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe('product identifiers on the staff screens', () => {
    it('the view answers each child’s GTIN, lots, serials, the label’s Digital Link (GTIN and IFU Number as the lot) and its permalink', async () => {
      const child = children.lot200low!;
      expect(child.gtin).toBe(pump);
      expect(child).toMatchObject({ additionalLots: 'L-201', serialRanges: '1000-1999' });
      expect(child.labelUrl).toBe(`http://localhost:3001/01/${pump}/10/L-200`);
      expect(child.permalink).toBe(`http://localhost:3001/p/${child.documentNumber}`);
    });

    it('GET /document/labelQr/:id: a QR code (PNG, SVG) that reads back as the label’s address, the permalink for a child without a GTIN', async () => {
      const user = await t.login(author.email, author.password);
      const png = await fetch(`${t.url}/document/labelQr/${children.lot100de!.childDocumentId}?format=png`, { headers: { authorization: `Bearer ${user}` } });
      expect(png.status).toBe(200);
      expect(png.headers.get('content-disposition')).toBe(`attachment; filename="label-${children.lot100de!.documentNumber}.png"`);
      const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`http://localhost:3001/01/${pump}/10/L-100`);
      const svg = await fetch(`${t.url}/document/labelQr/${children.lot100de!.childDocumentId}`, { headers: { authorization: `Bearer ${user}` } });
      expect(svg.headers.get('content-type')).toContain('image/svg+xml');
      expect(await svg.text()).toMatch(/^<svg[^>]*viewBox/);
      const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId: openCustomer, productName: 'Plain Pump', children: [{ lotNumber: 'N-1', partNumber: 'PN-N' }], waitForText: false });
      const plain = ((await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Child[] }).children[0]!;
      expect(plain.labelUrl).toBe(plain.permalink);
      const plainPng = await fetch(`${t.url}/document/labelQr/${plain.childDocumentId}?format=png`, { headers: { authorization: `Bearer ${user}` } });
      const plainImage = PNG.sync.read(Buffer.from(await plainPng.arrayBuffer()));
      expect(jsQR(new Uint8ClampedArray(plainImage.data), plainImage.width, plainImage.height)?.data).toBe(`http://localhost:3001/p/${plain.documentNumber}`);
    });

    it('the label QR code: only for staff, of a child that exists, in SVG or PNG', async () => {
      const id = children.lot100de!.childDocumentId;
      expect((await fetch(`${t.url}/document/labelQr/${id}`)).status).toBe(401);
      const bad = await t.call('GET', `/document/labelQr/${id}?format=gif`, { token: admin });
      expect(bad).toMatchObject({ status: 400, body: { message: 'format must be svg or png' } });
      expect((await t.call('GET', '/document/labelQr/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(404);
    });

    it('a wrong GTIN is refused with the field named, and nothing is stored', async () => {
      const wrong = `${pump.slice(0, 13)}${(Number(pump[13]) + 1) % 10}`;
      await spec
        .when(() => t.call('PUT', '/document/updateSingleChildDocument', {
          token: admin,
          body: { childDocumentId: children.pending!.childDocumentId, gtin: wrong, associatedReferenceNumber: 'P-1', productSubFamilyNameOne: 'PN-P', billMaterialInformation: 'BOM', changeDescription: 'x', changeJustification: 'y', countryList: 'DE', languageList: 'de', keywords: 'k', username: ADMIN_EMAIL, password: ADMIN_PASSWORD, comments: 'c' },
        }))
        .thenNothingStored(400, `gtin: ${PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit}`);
    });
  });

  describe('GET /01/{gtin}[/10/{lot}][/21/{serial}]: the GS1 Digital Link resolver', () => {
    it('sends a German reader of lot L-100 to the German leaflet’s PDF (307), served and counted with country and language only', async () => {
      const before = await t.store.lastPosition();
      const countedBefore = await countsOf(children.lot100de!.childDocumentId);
      const answer = await get(`/01/${pump}/10/L-100`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
      expect(answer.status).toBe(307);
      const target = pathOf(answer.headers.get('location'));
      expect(target).toBe(`/p/${children.lot100de!.documentNumber}/v/1/pdf?via=digital-link`);
      expect(answer.headers.get('link')).toContain('rel="linkset"');
      const pdf = await get(target, { 'accept-language': 'de-DE' });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      // Counted, not an event of its own (open-download-counts.int.test.ts: summarised into the log per hour).
      expect(countedBetween(countedBefore, await countsOf(children.lot100de!.childDocumentId))).toEqual({ 'via:digital-link': 1, 'country:DE': 1, 'language:de': 1 });
      expect(await t.store.readAll(before, 1000)).toEqual([]);
    });

    it('?lang= wins over the browser’s language; the 13-digit form of the GTIN is the same device', async () => {
      const french = await get(`/01/${pump}/10/L-100?lang=fr`, { 'accept-language': 'de' });
      expect(pathOf(french.headers.get('location'))).toBe(`/p/${children.lot100fr!.documentNumber}/v/1/pdf?via=digital-link&lang=fr`);
      const short = await get(`/01/${pump.slice(1)}/10/L-100`, { 'accept-language': 'fr-BE' });
      expect(pathOf(short.headers.get('location'))).toContain(children.lot100fr!.documentNumber);
    });

    it('matches a further lot and a serial within a range; a serial no leaflet covers gets the choice, told why', async () => {
      const low = await get(`/01/${pump}/10/L-201/21/1500`, { 'accept-language': 'en' });
      expect(pathOf(low.headers.get('location'))).toContain(`/p/${children.lot200low!.documentNumber}/`);
      const high = await get(`/01/${pump}/10/L-200/21/2500`, { 'accept-language': 'de' });
      expect(pathOf(high.headers.get('location'))).toContain(`/p/${children.lot200high!.documentNumber}/`);
      const none = await get(`/01/${pump}/10/L-200/21/5000`, { 'accept-language': 'de' });
      expect(none.status).toBe(200);
      const page = await none.text();
      // Accept-Language de: the page is German.
      expect(page).toContain('Keine Gebrauchsanweisung gilt für die Seriennummer 5000');
      expect(page).toContain('PN-LOW');
      expect(page).toContain('PN-HIGH');
    });

    it('lists what exists when the choice is not one: no lot given, a lot no leaflet names, a language none is in', async () => {
      const several = await (await get(`/01/${pump}`, { 'accept-language': 'de' })).text();
      expect(several).toContain('Zu diesem Produkt passt mehr als eine Gebrauchsanweisung');
      for (const part of ['PN-DE', 'PN-LOW', 'PN-HIGH']) expect(several).toContain(part);
      expect(several).not.toContain('PN-FR');
      const unknownLot = await get(`/01/${pump}/10/L-999`, { 'accept-language': 'de' });
      expect(unknownLot.status).toBe(200);
      expect(await unknownLot.text()).toContain('Keine Gebrauchsanweisung nennt die Charge L-999');
      const italian = await (await get(`/01/${pump}/10/L-100`, { 'accept-language': 'it' })).text();
      expect(italian).toContain('Nessun foglietto illustrativo è nella tua lingua');
      expect(italian).toContain('tedesco');
      expect(italian).toContain('francese');
      // ?lang= names the page's language too.
      expect(await (await get(`/01/${pump}/10/L-100?lang=en`, { 'accept-language': 'it' })).text()).toContain('No leaflet is in your language');
    });

    it('a country asked for that no leaflet lists is said; one guessed from the browser is only a preference', async () => {
      const asked = await (await get(`/01/${pump}/10/L-100?country=US`, { 'accept-language': 'de' })).text();
      expect(asked).toContain('Für Vereinigte Staaten ist keine Gebrauchsanweisung veröffentlicht');
      const guessed = await get(`/01/${pump}/10/L-100`, { 'accept-language': 'de-US' });
      expect(pathOf(guessed.headers.get('location'))).toContain(children.lot100de!.documentNumber);
    });

    it('linkType=all answers the device’s link set as JSON (RFC 9264), each leaflet with its languages', async () => {
      const answer = await get(`/01/${pump}?linkType=all`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/linkset+json');
      const body = (await answer.json()) as { linkset: Array<Record<string, unknown>> };
      expect(body.linkset[0]!.anchor).toBe(`http://localhost:3001/01/${pump}`);
      const instructions = body.linkset[0]!['https://gs1.org/voc/instructions'] as Array<{ href: string; hreflang: string[]; type: string }>;
      expect(instructions).toHaveLength(4);
      expect(instructions.find((link) => link.href.includes(children.lot100fr!.documentNumber))).toMatchObject({ hreflang: ['fr'], type: 'application/pdf' });
    });

    it('another link type is not a redirect: 404, in the reader’s language, with the Link header to the linkset (instructions are the only kind published here)', async () => {
      const answer = await get(`/01/${pump}/10/L-100?linkType=gs1:pip`, { 'accept-language': 'de' });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.headers.get('link')).toBe(`<http://localhost:3001/01/${pump}/10/L-100?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
      expect(await answer.text()).toContain('Dieses Produkt hat keinen Link vom Typ gs1:pip');
      const instructions = await get(`/01/${pump}/10/L-100?linkType=gs1:instructions`, { 'accept-language': 'de' });
      expect(pathOf(instructions.headers.get('location'))).toBe(`/p/${children.lot100de!.documentNumber}/v/1/pdf?via=digital-link`);
    });

    it('a customer without open access: the label leads to the document’s page, which says how to get a link; its PDF is refused and nothing recorded', async () => {
      const answer = await get(`/01/${closedDevice}`, { 'accept-language': 'de' });
      expect(answer.status).toBe(307);
      const target = pathOf(answer.headers.get('location'));
      expect(target).toBe(`/p/${children.closed!.documentNumber}`);
      const page = await (await get(target)).text();
      expect(page).toContain('gives its instructions for use through a link sent by email');
      const before = await t.store.lastPosition();
      const countedBefore = await countsOf(children.closed!.childDocumentId);
      const pdf = await get(`/p/${children.closed!.documentNumber}/v/1/pdf`);
      expect(pdf.status).toBe(403);
      expect(await t.store.lastPosition()).toBe(before);
      expect(await countsOf(children.closed!.childDocumentId)).toEqual(countedBefore);
    });

    it('unknown devices get 404, malformed addresses 400, a page for people and JSON for machines, never a stack trace', async () => {
      for (const gtin of [newGtin(), offlineDevice, pendingDevice]) {
        const answer = await get(`/01/${gtin}`);
        expect(answer.status, gtin).toBe(404);
        expect(await answer.text()).toContain('No instructions for this product');
      }
      const wrongCheck = `${pump.slice(0, 13)}${(Number(pump[13]) + 1) % 10}`;
      const cases: Array<[string, string]> = [
        ['/01/12345', PRODUCT_IDENTIFIER_MESSAGES.gtinDigits],
        [`/01/${wrongCheck}`, PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit],
        [`/01/${pump}/21/5/10/L-100`, 'in that order'],
        [`/01/${pump}/10/L%20100`, 'Not a valid GS1 Digital Link'],
        [`/01/${pump}/10/${'x'.repeat(300)}`, 'too long'],
        [`/01/${pump}?lang=klingon`, 'lang must be'],
        [`/01/${pump}?country=ZZ`, 'lang must be'],
        [`/01/${pump}?linkType=<script>`, 'linkType must be'],
        [`/01/${pump}?linkType=${'x'.repeat(5000)}`, 'linkType must be'],
        [`/01/${pump}?country=%0AUS`, 'lang must be'],
        [`/01/${pump}?lang=de%00`, 'lang must be'],
        ['/01/%E0%A4%A', 'Not a valid GTIN'],
        [`/01/${pump}/10/%E0%A4%A`, 'Not a valid GS1 Digital Link'],
      ];
      for (const [path, message] of cases) {
        const page = await get(path);
        expect(page.status, path).toBe(400);
        const text = await page.text();
        expect(text, path).toContain(message);
        expect(text, path).not.toMatch(/at .*\.ts:\d+/);
        const machine = await get(path, { accept: 'application/json' });
        expect(machine.status, path).toBe(400);
        expect(((await machine.json()) as { message: string }).message, path).toContain(message);
      }
    });
  });

  describe('permalinks /p/{documentNumber} and /p/{documentNumber}/v/{n}', () => {
    it('the current version’s page names it, links its PDF and a paper copy, and gives its canonical address', async () => {
      const child = children.lot100de!;
      const answer = await get(`/p/${child.documentNumber}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
      const page = await answer.text();
      expect(page).toContain(`<link rel="canonical" href="http://localhost:3001/p/${child.documentNumber}">`);
      expect(page).toContain(`/p/${child.documentNumber}/v/1/pdf`);
      expect(page).toContain(`/paperCopy/${child.documentNumber}?version=1`);
      expect(page).not.toContain('has been replaced');
      // The header leads to the customer's page (the portal's root is its not-found page).
      expect(page).toContain(`<header><a href="http://localhost:3001/docSearch/${encodeURIComponent(openCustomerName)}">`);
      expect((await get(`/p/${child.documentNumber.toLowerCase()}`)).status).toBe(200);
    });

    it('a new version takes the permalink over; the old one stays readable with a banner leading to the current one', async () => {
      const old = children.lot200high!;
      await order(openCustomer, 'Infusion Pump', [{ key: 'lot200highV2', lotNumber: 'L-200', partNumber: 'PN-HIGH', gtin: pump, countryList: 'DE', languageList: 'de', serialRanges: '2000-2999' }]);
      const renewed = children.lot200highV2!;
      const current = await (await get(`/p/${old.documentNumber}`)).text();
      expect(current).toContain(`<link rel="canonical" href="http://localhost:3001/p/${renewed.documentNumber}">`);
      expect(current).toContain('Version 2');
      expect(current).toContain('Version 1');
      const first = await get(`/p/${old.documentNumber}/v/1`);
      expect(first.status).toBe(200);
      const page = await first.text();
      expect(page).toContain('This version has been replaced');
      expect(page).toContain(`href="http://localhost:3001/p/${renewed.documentNumber}"`);
      expect(page).toContain(`<link rel="canonical" href="http://localhost:3001/p/${old.documentNumber}/v/1">`);
      // The label of the old version leads to the new one.
      const scanned = await get(`/01/${pump}/10/L-200/21/2100`, { 'accept-language': 'de' });
      expect(pathOf(scanned.headers.get('location'))).toBe(`/p/${renewed.documentNumber}/v/2/pdf?via=digital-link`);
      expect((await get(`/p/${old.documentNumber}/v/1/pdf`)).status).toBe(200);
    });

    it('a German reader (Accept-Language) gets the page in German: lang, texts, dates, names, a switcher to the same page; still script-free under the same CSP', async () => {
      const child = children.lot100de!;
      const english = await get(`/p/${child.documentNumber}`);
      const answer = await get(`/p/${child.documentNumber}`, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toBe(english.headers.get('content-security-policy'));
      expect(answer.headers.get('vary')).toContain('Accept-Language');
      const page = await answer.text();
      expect(page).toContain('<html lang="de" dir="ltr">');
      for (const text of ['Gebrauchsanweisung von', 'Ausgabedatum', 'PDF herunterladen (Version 1)', 'Alle Versionen', 'Papierexemplar der aktuellen Version 1 anfordern', 'Deutschland, Österreich']) {
        expect(page, text).toContain(text);
      }
      expect(page).not.toContain('All versions');
      expect(page).not.toMatch(/<script/i);
      // The switcher: the same page in each language; the reader's is marked. Links name no language (the header does).
      expect(page).toContain(`<a href="/p/${child.documentNumber}?lang=fr" lang="fr" hreflang="fr">Français</a>`);
      expect(page).toContain(`<a href="/p/${child.documentNumber}?lang=de" lang="de" hreflang="de" aria-current="true">Deutsch</a>`);
      expect(page).toContain(`href="http://localhost:3001/p/${child.documentNumber}/v/1/pdf"`);
      // English is unchanged for a reader without a language.
      const englishPage = await english.text();
      expect(englishPage).toContain('<html lang="en" dir="ltr">');
      expect(englishPage).toContain('All versions');
    });

    it('?lang=fr gives the page in French over the browser’s German, and every link keeps ?lang=fr; a French message page too', async () => {
      const child = children.lot100fr!;
      const page = await (await get(`/p/${child.documentNumber}?lang=fr`, { 'accept-language': 'de' })).text();
      expect(page).toContain('<html lang="fr" dir="ltr">');
      for (const text of ['Notice d’utilisation de', 'Télécharger le PDF (version 1)', 'Toutes les versions', 'France, Belgique']) expect(page, text).toContain(text);
      expect(page).toContain(`href="http://localhost:3001/p/${child.documentNumber}/v/1/pdf?lang=fr"`);
      expect(page).toContain(`href="http://localhost:3001/p/${child.documentNumber}/v/1?lang=fr"`);
      expect(page).toContain(`/paperCopy/${child.documentNumber}?version=1&amp;lang=fr"`);
      // The canonical address names no language.
      expect(page).toContain(`<link rel="canonical" href="http://localhost:3001/p/${child.documentNumber}">`);
      expect(page).toContain(`<a href="/p/${child.documentNumber}?lang=de" lang="de" hreflang="de">Deutsch</a>`);
      const missing = await get('/p/CO-1999-99999-99?lang=fr');
      expect(missing.status).toBe(404);
      const message = await missing.text();
      expect(message).toContain('<html lang="fr" dir="ltr">');
      expect(message).toContain('Document introuvable');
      expect(message).toContain('Aucun document publié ne porte le numéro CO-1999-99999-99.');
    });

    it('each page has a description for search results in the reader’s language: the document’s says whose leaflet, for which product and part; its CSP lets tools read /robots.txt', async () => {
      const child = children.lot100de!;
      const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
      const answer = await get(`/p/${child.documentNumber}`);
      // Still no script; the site's own files readable from the page's frame (Lighthouse's robots.txt check).
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^;]+; img-src 'self' data:; connect-src 'self'; /);
      const english = await answer.text();
      expect(description(english)).toMatch(new RegExp(`^Instructions for use from ${openCustomerName}: Infusion Pump, part PN-DE, IFU number \\S+\\.$`));
      expect(english.match(/<meta name="description"/g)).toHaveLength(1);
      // An empty icon of its own (the CSP's img-src allows data:): the browser does not ask /favicon.ico, which is 404.
      expect(english).toContain('<link rel="icon" href="data:,">');
      const german = await (await get(`/p/${child.documentNumber}`, { 'accept-language': 'de' })).text();
      expect(description(german)).toMatch(new RegExp(`^Gebrauchsanweisung von ${openCustomerName}: Infusion Pump, Teil PN-DE, IFU-Nummer \\S+\\.$`));
      // A page without a summary of its own (the choice of leaflets) has the site's sentence.
      const chooser = await (await get(`/01/${pump}`, { 'accept-language': 'de' })).text();
      expect(description(chooser)).toBe('Elektronische Gebrauchsanweisung (EU 2021/2226). Auf Anfrage senden wir innerhalb von 7 Tagen kostenlos ein Papierexemplar.');
    });

    it('unknown, unpublished and malformed numbers and versions: 404 and 400', async () => {
      expect((await get('/p/CO-1999-99999-99')).status).toBe(404);
      expect((await get(`/p/${children.pending!.documentNumber}`)).status).toBe(404);
      expect((await get(`/p/${children.offline!.documentNumber}`)).status).toBe(404);
      expect((await get(`/p/${children.lot100de!.documentNumber}/v/9`)).status).toBe(404);
      expect((await get(`/p/${children.lot100de!.documentNumber}/v/0`)).status).toBe(404);
      expect((await get('/p/CO%3Cscript%3E')).status).toBe(400);
      // A refused address is not echoed back five times over in the language switcher.
      const long = await get(`/p/${'C'.repeat(3000)}`);
      expect(long.status).toBe(400);
      expect(await long.text()).not.toContain('C'.repeat(300));
      expect((await get('/p/CO%E0%A4%A')).status).toBe(400);
      expect((await get(`/p/${children.lot100de!.documentNumber}/v/%E0%A4%A`)).status).toBe(400);
    });
  });

  describe('the currency page of a downloaded PDF', () => {
    const stored = async (sha256: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await t.api.context.files.open(sha256)).stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };

    it('an open-access PDF ends with a page naming the permalinks, the version and its date of issue, with a QR code of the version’s permalink; the stored file is served unchanged before it', async () => {
      const child = children.lot100fr!;
      const pdf = await get(`/p/${child.documentNumber}/v/1/pdf`);
      expect({ status: pdf.status, stamp: pdf.headers.get('currency-stamp') }).toEqual({ status: 200, stamp: 'added' });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      const original = await stored(child.sha256);
      expect(createHash('sha256').update(bytes.subarray(0, original.length)).digest('hex')).toBe(child.sha256);
      expect(bytes.length).toBeGreaterThan(original.length);
      const pages = await pdfPages(bytes);
      expect(pages.at(-1)).toMatch(
        new RegExp(`Check that this copy is current: http://localhost:3001/p/${child.documentNumber} Version 1, issued \\d{2} [A-Z][a-z]{2} \\d{4} This version: http://localhost:3001/p/${child.documentNumber}/v/1 `),
      );
      expect(await qrOnLastPage(bytes)).toBe(`http://localhost:3001/p/${child.documentNumber}/v/1`);
      // Served again, the same bytes; the stored file still has its checksum.
      expect(Buffer.from(await (await get(`/p/${child.documentNumber}/v/1/pdf`)).arrayBuffer()).equals(bytes)).toBe(true);
      expect(createHash('sha256').update(await stored(child.sha256)).digest('hex')).toBe(child.sha256);
    });

    it('a PDF that would exhaust the stamping process is served as stored, said in Currency-Stamp, and /health answers meanwhile', async () => {
      const bomb = await pdfWithExpandingObjectStream(400 * 1024 * 1024);
      await order(openCustomer, 'Bomb Pump', [{ key: 'bomb', lotNumber: 'B-1', partNumber: 'PN-B', pdf: bomb }]);
      const child = children.bomb!;
      await t.call('GET', '/health'); // warm
      let slowest = 0;
      let done = false;
      // Asked every 20 ms and timed from when it was due: the API runs in this process, so a blocked event loop delays
      // the asking as much as the answer.
      const probing = (async () => {
        while (!done) {
          const due = performance.now() + 20;
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect((await t.call('GET', '/health')).status).toBe(200);
          slowest = Math.max(slowest, performance.now() - due);
        }
      })();
      let pdf: Response;
      try {
        pdf = await get(`/p/${child.documentNumber}/v/1/pdf`);
      } finally {
        done = true;
        await probing;
      }
      expect({ status: pdf.status, stamp: pdf.headers.get('currency-stamp') }).toEqual({ status: 200, stamp: 'unavailable' });
      expect(Buffer.from(await pdf.arrayBuffer()).equals(bomb)).toBe(true);
      // The embedded test database answers in this thread too, so the bound is as loose as the hostile-password test's.
      expect(slowest).toBeLessThan(500);
      expect((await countsOf(child.childDocumentId)).get('via:permalink')).toBe(1);

      // Staff get it as stored too (the outcome is remembered: no second process).
      const staff = await t.login(author.email, author.password);
      const download = await fetch((await t.call('GET', `/document/getDocumentDownload/${child.childDocumentId}`, { token: staff })).body.documentPath as string);
      expect({ status: download.status, stamp: download.headers.get('currency-stamp') }).toEqual({ status: 200, stamp: 'unavailable' });
      expect(Buffer.from(await download.arrayBuffer()).equals(bomb)).toBe(true);

      // The signature manifest parses the PDF in the API process: refused for a PDF that could not take its page in
      // the bounded one, and nothing is recorded.
      const link = (await t.call('GET', `/document/getDocumentDownload/${child.childDocumentId}?purpose=manifest`, { token: staff })).body.documentPath as string;
      await spec
        .when(async () => {
          const res = await fetch(link);
          return { status: res.status, body: await res.json() };
        })
        .thenNothingStored(422, 'The signature page cannot be added to this PDF (it is encrypted or damaged); download the original instead');
    }, 120_000);
  });

  describe('PUT /customer/openAccess', () => {
    it('an ADMIN turns open access on and off; the customer answers it', async () => {
      const answer = await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: true } });
      expect(answer.status).toBe(200);
      expect(answer.body.customer.openAccess).toBe(true);
      const off = await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: false } });
      expect(off.body.customer.openAccess).toBe(false);
      expect((await get(`/p/${children.closed!.documentNumber}/v/1/pdf`)).status).toBe(403);
    });

    it('refuses a USER, a missing choice and an unknown customer, storing nothing', async () => {
      const user = await t.login(author.email, author.password);
      await spec.when(() => t.call('PUT', '/customer/openAccess', { token: user, body: { id: linkCustomer, openAccess: true } })).thenNothingStored(403, 'This needs the ADMIN role');
      await spec.when(() => t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer } })).thenNothingStored(400, 'openAccess must be true or false');
      await spec
        .when(() => t.call('PUT', '/customer/openAccess', { token: admin, body: { id: '00000000-0000-4000-8000-000000000000', openAccess: true } }))
        .thenNothingStored(404, 'Customer not found');
    });
  });

  describe('POST /module2/openSearchLink: the family’s search page without an email, for a customer with open access', () => {
    const openLink = async (customerName: string, parentChangeId: string) => t.call('POST', '/module2/openSearchLink', { body: { customerName, parentChangeId } });
    const tokenOf = (searchUrl: string) => new URL(searchUrl).searchParams.get('encryptedEmail')!;

    it('answers the search page’s address; its searches and downloads work, each download counted with country and language and no visitor', async () => {
      const page = await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(openCustomerName)}`);
      expect(page.body.openAccess).toBe(true);
      const answer = await openLink(openCustomerName, pumpFamily);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.searchUrl).toMatch(/^http:\/\/localhost:3001\/customerDocSearch\?customerName=/);
      const token = tokenOf(answer.body.searchUrl);
      expect((await t.call('POST', '/module2/checkSearchLink', { body: { customerName: openCustomerName, parentChangeId: pumpFamily, encryptedEmail: token } })).status).toBe(200);
      const found = await t.call('POST', '/module2/searchDocuments/', { body: { customerName: openCustomerName, parentChangeId: pumpFamily, encryptedEmail: token, country: 'FR', language: 'fr', keyword: '', documentNumber: '' } });
      expect(found.body.list.map((d: { childDocumentId: string }) => d.childDocumentId)).toEqual([children.lot100fr!.childDocumentId]);
      const keysBefore = (await t.database.db.query<{ n: string }>('SELECT count(*) AS n FROM visitor_keys')).rows[0]!.n;
      const before = await t.store.lastPosition();
      const countedBefore = await countsOf(children.lot100fr!.childDocumentId);
      const url = await t.call('POST', '/module2/getDocumentURL', { body: { docId: children.lot100fr!.childDocumentId, encryptedUserEmail: token, country: 'fr' }, headers: { 'accept-language': 'fr-BE' } });
      expect(url.status, JSON.stringify(url.body)).toBe(200);
      expect((await fetch(url.body.docURL)).status).toBe(200);
      expect(await t.store.readAll(before, 100)).toEqual([]);
      expect(countedBetween(countedBefore, await countsOf(children.lot100fr!.childDocumentId))).toEqual({ 'via:search': 1, 'country:FR': 1, 'language:fr': 1 });
      expect((await t.database.db.query<{ n: string }>('SELECT count(*) AS n FROM visitor_keys')).rows[0]!.n).toBe(keysBefore);
    });

    it('a customer without open access: 403 and no link; an open link stops opening once open access is closed', async () => {
      const page = await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(linkCustomerName)}`);
      expect(page.body.openAccess).toBe(false);
      await spec.when(() => openLink(linkCustomerName, dressingFamily)).thenNothingStored(403, 'This customer gives its documents through a link sent by email: ask for one on its page.');
      await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: true } });
      const token = tokenOf((await openLink(linkCustomerName, dressingFamily)).body.searchUrl);
      await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: false } });
      const check = await t.call('POST', '/module2/checkSearchLink', { body: { customerName: linkCustomerName, parentChangeId: dressingFamily, encryptedEmail: token } });
      expect(check).toMatchObject({ status: 400, body: { message: 'This search link is not valid. Ask for a new one below.' } });
      await spec
        .when(() => t.call('POST', '/module2/getDocumentURL', { body: { docId: children.closed!.childDocumentId, encryptedUserEmail: token, country: 'DE' } }))
        .thenNothingStored(400, 'This search link is not valid. Ask for a new one below.');
    });

    it('a 5-minute file link issued while open access was on is refused once open access is closed, and served again once it is reopened', async () => {
      await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: true } });
      try {
        const token = tokenOf((await openLink(linkCustomerName, dressingFamily)).body.searchUrl);
        const issued = await t.call('POST', '/module2/getDocumentURL', { body: { docId: children.closed!.childDocumentId, encryptedUserEmail: token, country: 'DE' } });
        expect(issued.status, JSON.stringify(issued.body)).toBe(200);
        const docURL = issued.body.docURL as string;
        await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: false } });
        const refused = await fetch(docURL);
        expect({ status: refused.status, type: refused.headers.get('content-type'), body: await refused.json() }).toMatchObject({
          status: 403,
          type: expect.stringContaining('application/json'),
          body: { message: 'This customer gives its documents through a link sent by email: ask for one on its page.' },
        });
        // The link names its customer and family and that it came without an address: one without that mark, or
        // with another customer, is not a link this server signed.
        const unmarked = new URL(docURL);
        unmarked.searchParams.delete('access');
        expect((await fetch(unmarked)).status).toBe(404);
        await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: true } });
        expect((await fetch(docURL)).status).toBe(200);
      } finally {
        await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: linkCustomer, openAccess: false } });
      }
    });
  });
});
