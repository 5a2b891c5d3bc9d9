import { gs1CheckDigitOf } from '@ifu/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { closeContext, type Viewport, viewportContext } from '../test-support/browser';
import { useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const PHONE = { name: 'phone-390', width: 390, height: 844 } as const satisfies Viewport;

/** Two readers, each with the words their pages must show (the catalogues' texts). */
const READERS = [
  {
    locale: 'de-DE',
    lang: 'de',
    boxTitle: 'Nach den Angaben auf der Verpackung suchen',
    label: 'GTIN, REF oder Charge',
    onlyCountry: 'Nur Dokumente für Deutschland',
    submit: 'Finden',
    checkDigit: 'Die Prüfziffer der GTIN stimmt nicht: Vergleichen Sie die letzte Ziffer mit dem Strichcode',
    one: '1 Dokument gefunden',
    two: '2 Dokumente gefunden',
    exact: 'Genaue Übereinstimmung',
    ownPart: 'PN-BOX-DE',
    page: 'Dokument, PDF und alle Versionen',
    sections: ['Hersteller', 'Symbole auf dem Etikett', 'Was Sie zum Lesen brauchen', 'Barrierefreiheit', 'Wie lange sie verfügbar bleibt'],
    symbol: 'Chargenbezeichnung',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    boxTitle: 'Rechercher avec les indications de la boîte',
    label: 'GTIN, REF ou lot',
    onlyCountry: 'Uniquement les documents pour France',
    submit: 'Rechercher',
    checkDigit: 'La clé de contrôle du GTIN est incorrecte : comparez le dernier chiffre avec le code-barres',
    one: '1 document trouvé',
    two: '2 documents trouvés',
    exact: 'Correspondance exacte',
    ownPart: 'PN-BOX-FR',
    page: 'Document, PDF et toutes les versions',
    sections: ['Fabricant', 'Symboles de l’étiquette', 'Ce qu’il faut pour la lire', 'Accessibilité', 'Combien de temps elle reste disponible'],
    symbol: 'Code de lot',
  },
] as const;

/** Nothing wider than the window (WCAG 1.4.10 reflow). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * A nurse with a box in hand, on the customer's page at 390 px, in German and in French: finds the leaflet by what is
 * on the box before choosing a family (a wrong GTIN said in their language), and its document page with the GTIN, the
 * manufacturer, the label's symbols, the PDF reader, the accessibility statement and the retention. Axe on each state.
 */
describe.skipIf(skipUnless(['chromium']))('search by what is on the box and the document page, 390 px, German and French', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const customerName = `Box Clinic ${Date.now()}`;
  const body = '0401234577001';
  const gtin = `${body}${gs1CheckDigitOf(body)}`;
  const wrongGtin = `${body}${(Number(gs1CheckDigitOf(body)) + 1) % 10}`;

  const suite = useBrowserProduct({
    MANUFACTURER_NAME: 'Meditec Devices GmbH',
    MANUFACTURER_ADDRESS: 'Hauptstraße 1 | 80331 München | Germany',
    IFU_SYMBOLS: '5.1.1,5.1.5,5.1.6,5.4.3',
    IFU_RETENTION_YEARS: '15',
  });
  beforeAll(async () => {
    ({ product, browser } = suite);
    const api = product.api;
    const approver = { email: 'box.approver@example.com', password: 'box approver passphrase' };
    const approverId = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Bo', lastName: 'Approver' });
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    // A customer that keeps the emailed link: the search by what is on the box needs none.
    const customerId = await arrangeApprovedCustomer(api, admin, { ...approver, id: approverId }, customerName);
    const order = await arrangeChangeOrder(api, {
      author: admin,
      approverId,
      customerId,
      productName: 'Stent Aorta',
      children: [
        { lotNumber: 'LOT-BOX-DE', partNumber: 'PN-BOX-DE', gtin, countryList: 'DE,AT', languageList: 'de' },
        { lotNumber: 'LOT-BOX-FR', partNumber: 'PN-BOX-FR', gtin, countryList: 'FR,BE', languageList: 'fr' },
      ],
    });
    await arrangeDecision(api, { parentChangeId: order.parentChangeId, approver: { ...approver, id: approverId }, approve: true });
  }, 120_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  it('each reader finds their leaflet by part number and GTIN, and its document page says the rest in their language', async () => {
    for (const reader of READERS) {
      const context = await browser.newContext({ ...viewportContext(PHONE), locale: reader.locale });
      contexts.push(context);
      const page = await context.newPage();
      const accessible = (state: string) => checkAccessible(page, 'box-search', PHONE, `${reader.lang}-${state}`);

      await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}`);
      const box = page.getByTestId('box-search');
      await box.getByRole('heading', { level: 2, name: reader.boxTitle }).waitFor();
      // The reader's country, guessed from their browser, limits the search until they widen it.
      const onlyCountry = box.getByRole('checkbox', { name: reader.onlyCountry });
      await onlyCountry.waitFor();
      expect(await onlyCountry.isChecked()).toBe(true);
      await accessible('customer-page');

      // A GTIN whose last digit is wrong: the staff form's sentence, in the reader's language; the field says it is wrong.
      const code = box.getByRole('searchbox', { name: reader.label });
      await code.fill(wrongGtin);
      await box.getByRole('button', { name: reader.submit }).click();
      await box.getByRole('alert').getByText(reader.checkDigit).waitFor();
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      await accessible('check-digit');

      // A fragment of the part number: only the leaflet of the reader's country.
      await code.fill('PN-BOX');
      await box.getByRole('button', { name: reader.submit }).click();
      await box.getByTestId('box-search-status').getByText(reader.one).waitFor();
      const cards = box.getByTestId('box-results').getByRole('listitem');
      expect(await cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain(reader.ownPart);
      expect(await cards.first().textContent()).not.toContain(reader.exact);

      // The GTIN in every country: both leaflets, each an exact match.
      await onlyCountry.uncheck();
      await code.fill(gtin);
      await box.getByRole('button', { name: reader.submit }).click();
      await box.getByTestId('box-search-status').getByText(reader.two).waitFor();
      expect(await cards.count()).toBe(2);
      for (const card of await cards.all()) expect(await card.textContent()).toContain(reader.exact);
      expect(await fitsWidth(page)).toBe(true);
      await accessible('results');

      // The reader's own leaflet's page, in their language: every version, the GTIN, the manufacturer and the rest.
      const own = cards.filter({ hasText: reader.ownPart });
      await own.getByRole('link', { name: reader.page }).click();
      await page.waitForURL(/\/p\/[^/]+\?lang=/);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(reader.lang);
      const main = page.locator('main');
      expect(await main.textContent()).toContain(gtin);
      for (const section of reader.sections) await main.getByRole('heading', { level: 2, name: section }).waitFor();
      expect(await main.locator('address').textContent()).toBe('Meditec Devices GmbHHauptstraße 180331 MünchenGermany');
      expect(await main.textContent()).toContain(reader.symbol);
      expect(await fitsWidth(page)).toBe(true);
      await accessible('document-page');
    }
  }, 120_000);
});
