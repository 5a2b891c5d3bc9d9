import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { pdfPages } from '../../../test-support/pdf-pages';
import { documentAbout } from './pages';

const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

/** A document's eIFU page states what EU 2021/2226 asks besides the document, from the configuration, in the reader's language. */
describe('the document page: UDI-DI, manufacturer, symbols, reading, accessibility, retention', () => {
  let t: TestApi;
  let documentNumber: string;
  const gtin = newGtin();

  beforeAll(async () => {
    t = await startTestApi({
      MANUFACTURER_NAME: 'Meditec <Devices> GmbH',
      MANUFACTURER_ADDRESS: 'Hauptstraße 1 | 80331 München | Germany',
      IFU_SYMBOLS: '5.1.1, 5.1.5,5.4.3',
      IFU_RETENTION_YEARS: '15',
    });
    const approver: Signer = { id: '', email: 'page.approver@example.com', password: 'page approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    const author: Credentials = { email: 'page.author@example.com', password: 'page author password' };
    await t.createUser({ ...author, role: 'USER' });
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Page Clinic '));
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'Page Pump',
      children: [{ lotNumber: 'PG-1', partNumber: 'PG-DE', gtin, countryList: 'DE', languageList: 'de' }],
      waitForText: false,
    });
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } })).status).toBe(200);
    documentNumber = ((await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Array<{ documentNumber: string }> }).children[0]!.documentNumber;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const page = async (lang: string) => {
    const answer = await fetch(`${t.url}/p/${documentNumber}?lang=${lang}`, { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(200);
    return answer.text();
  };

  it('in English: the GTIN, the manufacturer (escaped), the chosen symbols in their order, the PDF reader, the retention, the accessibility statement', async () => {
    const html = await page('en');
    expect(html).toContain(`<dt>UDI-DI / GTIN</dt><dd>${gtin}</dd>`);
    expect(html).toContain('<h2>Manufacturer</h2>');
    expect(html).toContain('<address class="card">Meditec &lt;Devices&gt; GmbH<br>Hauptstraße 1<br>80331 München<br>Germany</address>');
    expect(html).toContain('<h2>Symbols on the label</h2>');
    const symbols = [...html.matchAll(/\(ISO 15223-1, ([\d.]+)\)/g)].map((m) => m[1]);
    expect(symbols).toEqual(['5.1.1', '5.1.5', '5.4.3']);
    expect(html).toContain('Batch code');
    expect(html).not.toContain('Do not re-use');
    expect(html).toContain('href="https://www.adobe.com/acrobat/pdf-reader.html"');
    expect(html).toContain('at least 15 years after the last device');
    expect(html).toContain('<h2>Accessibility</h2>');
  });

  it('in German and Italian: the same sections in the reader’s language', async () => {
    const de = await page('de');
    for (const text of ['<h2>Hersteller</h2>', '<h2>Symbole auf dem Etikett</h2>', 'Chargenbezeichnung', '<h2>Barrierefreiheit</h2>', 'mindestens 15 Jahre', 'Ein kostenloses PDF-Programm herunterladen']) {
      expect(de, text).toContain(text);
    }
    const it_ = await page('it');
    for (const text of ['<h2>Fabbricante</h2>', 'Codice del lotto', '<h2>Accessibilità</h2>', 'almeno 15 anni']) expect(it_, text).toContain(text);
  });

  it('the PDF’s currency page is in the reader’s language: ?lang= first, then Accept-Language, else English', async () => {
    const lastPage = async (query: string, headers: Record<string, string> = {}) => {
      const answer = await fetch(`${t.url}/p/${documentNumber}/v/1/pdf${query}`, { headers });
      expect(answer.status).toBe(200);
      return (await pdfPages(Buffer.from(await answer.arrayBuffer()))).at(-1)!;
    };
    expect(await lastPage('?lang=de', { 'accept-language': 'fr' })).toContain('Ist dieses Exemplar aktuell?');
    expect(await lastPage('', { 'accept-language': 'it-IT' })).toContain('Questa copia è aggiornata?');
    expect(await lastPage('', { 'accept-language': 'ja' })).toContain('Is this copy current?');
  });

  it('the 404 and 400 pages are in the reader’s language too', async () => {
    const notFound = await fetch(`${t.url}/p/CO-1999-00000-01?lang=de`, { headers: { accept: 'text/html' } });
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain('<h1>Dokument nicht gefunden</h1>');
    const wrongGtin = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
    const malformed = await fetch(`${t.url}/01/${wrongGtin}`, { headers: { accept: 'text/html', 'accept-language': 'es-ES' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('<h1>GTIN no válido</h1>');
  });

  it('unset, the page names no manufacturer, symbols or retention; a symbol without a text stops the start', () => {
    const none = documentAbout({ IFU_SYMBOLS: [], PDF_READER_URL: 'https://reader.example/' });
    expect(none).toEqual({ symbols: [], pdfReaderUrl: 'https://reader.example/' });
    expect(() => documentAbout({ IFU_SYMBOLS: ['5.1.1', '9.9.9'], PDF_READER_URL: 'https://reader.example/' })).toThrow('IFU_SYMBOLS: no text for 9.9.9');
  });
});
