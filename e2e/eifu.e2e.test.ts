import { gs1CheckDigitOf } from '@ifu/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const expectAccessible = (page: Page, viewport: { name: string; width: number }, state: string) => checkAccessible(page, 'eifu', viewport, state);

/** What makes the page scroll sideways (WCAG 1.4.10 reflow): nothing, or the elements wider than the window. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} right ${Math.round(element.getBoundingClientRect().right)} of ${root.clientWidth}`)
      .slice(0, 8);
  });

/**
 * The eIFU site in a browser: a phone scans a box's GS1 DataMatrix (its GS1 Digital Link) and lands on the
 * PDF of the right lot in the reader's language; a superseded version's page leads to the current one; staff see the
 * label's address and QR code. At 1280 and 390 px, readers in German and French, axe on every page and state.
 */
describe.skipIf(skipUnless(['chromium']))('the eIFU site in a browser', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const body = '0401234599001';
  const gtin = `${body}${gs1CheckDigitOf(body)}`;
  let parentChangeId: string;
  const numbers: Record<string, string> = {};
  const linkCustomer = 'Fjord Clinical Supplies';
  let linkDocument: string;

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    const api = product.api;
    const approver = { id: '', email: 'eifu.e2e.approver@example.com', password: 'eifu e2e approver passphrase' };
    approver.id = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Ella', lastName: 'Approver' });
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const customerId = await arrangeApprovedCustomer(api, admin, approver, 'Alpine Infusion Systems');
    const token = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await api.call('PUT', '/customer/openAccess', { token, body: { id: customerId, openAccess: true } })).status).toBe(200);
    const kids = [
      { lotNumber: 'LOT-7001', partNumber: 'AIS-DE', gtin, countryList: 'DE,AT,CH', languageList: 'de', pdfLines: ['Gebrauchsanweisung Infusionspumpe'] },
      { lotNumber: 'LOT-7001', partNumber: 'AIS-FR', gtin, countryList: 'FR,BE,CH', languageList: 'fr', pdfLines: ['Notice d’utilisation pompe'] },
    ];
    ({ parentChangeId } = await arrangeChangeOrder(api, { author: admin, approverId: approver.id, customerId, productName: 'Alpine Volumetric Pump', children: kids }));
    await arrangeDecision(api, { parentChangeId, approver, approve: true });
    // A second version of the German leaflet: the first is superseded from today.
    const second = await arrangeChangeOrder(api, { author: admin, approverId: approver.id, customerId, productName: 'Alpine Volumetric Pump', children: [{ ...kids[0]!, pdfLines: ['Gebrauchsanweisung Ausgabe 2'] }] });
    await arrangeDecision(api, { parentChangeId: second.parentChangeId, approver, approve: true });
    // A customer that keeps the emailed link, until an ADMIN opens its access in the browser below.
    const linkCustomerId = await arrangeApprovedCustomer(api, admin, approver, linkCustomer);
    const linkOrder = await arrangeChangeOrder(api, { author: admin, approverId: approver.id, customerId: linkCustomerId, productName: 'Fjord Wound Dressing', children: [{ lotNumber: 'FJ-1', partNumber: 'FJ-DE' }] });
    await arrangeDecision(api, { parentChangeId: linkOrder.parentChangeId, approver, approve: true });
    linkDocument = ((await api.call('GET', `/document/get/${linkOrder.parentChangeId}`, { token })).body as { children: Array<{ documentNumber: string }> }).children[0]!.documentNumber;
    for (const id of [parentChangeId, second.parentChangeId]) {
      const view = (await api.call('GET', `/document/get/${id}`, { token })).body as { children: Array<{ documentNumber: string; productSubFamilyNameOne: string }> };
      for (const child of view.children) numbers[`${child.productSubFamilyNameOne}@${id === parentChangeId ? 1 : 2}`] = child.documentNumber;
    }
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (viewport: Viewport, locale = 'en-GB'): Promise<Page> => {
    const context = await browser.newContext({ ...viewportContext(viewport), locale, acceptDownloads: true });
    contexts.push(context);
    return context.newPage();
  };

  for (const viewport of DESKTOP_AND_PHONE satisfies readonly Viewport[]) {
    it(`at ${viewport.width} px (${viewport.name}): scan to leaflet, readers in de-DE and fr-FR get the PDF of lot LOT-7001 in their language; a reader whose language has no leaflet chooses from what exists, and a superseded version's banner leads to the current one; staff see the label's Digital Link and its QR code on the child's view${viewport.name === 'desktop' ? '; an ADMIN opens a customer’s access in View Customer, and its document page then offers the PDF' : ''}; open access: a family on the customer page opens its search page without an email and finds its documents`, async () => {
      // Scan to leaflet: each reader in a browser of their own language.
      for (const [locale, part] of [['de-DE', 'AIS-DE'], ['fr-FR', 'AIS-FR']] as const) {
        const page = await newPage(viewport, locale);
        const version = part === 'AIS-DE' ? 2 : 1;
        const number = numbers[`${part}@${version}`]!;
        // The browser follows the 307 to the PDF (shown by its viewer, or saved as a download): the answer is the file.
        const pdf = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/pdf'));
        await page.goto(`${product.customerUrl}/01/${gtin}/10/LOT-7001`).catch(() => undefined);
        const answer = await pdf;
        expect(new URL(answer.url()).pathname, locale).toBe(`/p/${number}/v/${version}/pdf`);
        expect(answer.status(), locale).toBe(200);
        expect(answer.headers()['content-type'], locale).toBe('application/pdf');
        // The viewer stands between the page and the bytes: the file itself, asked for again.
        expect((await (await page.request.get(answer.url())).body()).subarray(0, 5).toString(), locale).toBe('%PDF-');
      }

      // A reader whose language has no leaflet; a superseded version's page.
      {
        const page = await newPage(viewport, 'it-IT');
        await page.goto(`${product.customerUrl}/01/${gtin}/10/LOT-7001`);
        // The reader's Italian has no leaflet, but the page is in Italian.
        await page.getByRole('heading', { level: 1, name: `Istruzioni per l’uso del GTIN ${gtin}` }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');
        await page.getByText('Nessun foglietto illustrativo è nella tua lingua').waitFor();
        expect(await page.getByRole('link', { name: 'Informazioni su questo documento e sulle sue versioni' }).count()).toBe(2);
        await expectAccessible(page, viewport, 'chooser');

        await page.goto(`${product.customerUrl}/p/${numbers['AIS-DE@1']}/v/1`);
        await page.getByText('Questa versione è stata sostituita.').waitFor();
        await expectAccessible(page, viewport, 'superseded-version');
        await page.getByRole('link', { name: /leggi la versione in vigore 2/ }).click();
        await page.waitForURL(`**/p/${numbers['AIS-DE@2']}`);
        await page.getByRole('heading', { level: 1, name: 'Alpine Volumetric Pump' }).waitFor();
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${product.customerUrl}/p/${numbers['AIS-DE@2']}`);
        expect(await page.getByText('è stata sostituita').count()).toBe(0);
        const versions = page.getByRole('heading', { level: 2, name: 'Tutte le versioni' });
        await versions.waitFor();
        for (const name of ['Versione 2', 'Versione 1']) await page.getByRole('link', { name, exact: true }).waitFor();
        await expectAccessible(page, viewport, 'document-page');
        expect(await scrollsSideways(page)).toEqual([]);
      }

      // Staff: the label's Digital Link and QR code on the child's view.
      const staff = await newPage(viewport);
      await logInReusingSession(staff, product, ADMIN_EMAIL, ADMIN_PASSWORD);
      await staff.goto(`${product.adminUrl}/document/view/${parentChangeId}`);
      const label = staff.getByTestId('child-label').first();
      await label.waitFor();
      expect(await label.getByTestId('child-label-url').textContent()).toBe(`${product.customerUrl}/01/${gtin}/10/LOT-7001`);
      // Approved, effective today: the address answers.
      expect(await label.getByTestId('child-label-status').textContent()).toMatch(/^In effect since \d{2}\/\d{2}\/\d{4}: this address answers\.$/);
      const qr = label.getByTestId('child-label-qr');
      await qr.waitFor();
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expectAccessible(staff, viewport, 'staff-label');

      // At the desktop width, an ADMIN opens a customer's access; the reader's page of its document then offers the PDF.
      if (viewport.name === 'desktop') {
        const reader = await newPage(viewport);
        await reader.goto(`${product.customerUrl}/p/${linkDocument}`);
        await reader.getByText('gives its instructions for use through a link sent by email').waitFor();
        await expectAccessible(reader, viewport, 'document-page-link-needed');

        await staff.goto(`${product.adminUrl}/managecustomer`);
        await staff.getByRole('button', { name: `View ${linkCustomer}` }).first().click();
        const dialog = staff.getByRole('dialog', { name: 'View Customer' });
        const open = dialog.getByRole('switch', { name: 'Open access' }).or(dialog.getByRole('checkbox', { name: 'Open access' }));
        expect(await open.isChecked()).toBe(false);
        await expectAccessible(staff, viewport, 'view-customer-open-access-off');
        await open.click();
        await staff.getByText('Open access on: visitors can search and download without an emailed link').waitFor();
        await expect.poll(() => open.isChecked()).toBe(true);

        await reader.reload();
        await reader.getByRole('link', { name: 'Download the PDF (version 1)' }).waitFor();
      }

      // Open access: from the customer page to the search page, no email asked.
      {
        const page = await newPage(viewport);
        await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent('Alpine Infusion Systems')}`);
        await page.getByRole('button', { name: 'Alpine Volumetric Pump' }).click();
        await page.waitForURL('**/customerDocSearch?**');
        expect(await page.getByRole('dialog').count()).toBe(0);
        const form = page.getByTestId('search-form');
        await form.waitFor();
        await form.getByLabel('Language').selectOption('fr');
        await form.getByLabel('Country').selectOption('FR');
        await form.getByRole('button', { name: 'Submit' }).click();
        const results = page.getByTestId('search-results');
        const rows = viewport.width < 600 ? results.getByTestId('result-card') : results.getByTestId('result-row');
        await expect.poll(() => rows.count()).toBe(1);
        expect(await rows.first().textContent()).toContain('AIS-FR');
        await expectAccessible(page, viewport, 'open-access-search');
      }
    }, 180_000);
  }

  it('at 320 px with 200% text the document page and the chooser reflow without scrolling sideways', async () => {
    const page = await newPage({ name: 'small-phone', width: 320, height: 640 }, 'it-IT');
    for (const [path, state] of [[`/p/${numbers['AIS-FR@1']}`, 'document-page-200'], [`/01/${gtin}/10/LOT-7001`, 'chooser-200']] as const) {
      await page.goto(`${product.customerUrl}${path}`);
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      expect(await scrollsSideways(page), path).toEqual([]);
      await expectAccessible(page, { name: 'small-phone', width: 320 }, state);
    }
  });
});
