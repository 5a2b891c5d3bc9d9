import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealSearchLink } from '../services/src/public-portal/search-link';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { closeContext, type Viewport, viewportContext } from '../test-support/browser';
import { useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone-390', width: 390, height: 844 },
] as const satisfies readonly Viewport[];

/** Two readers, each with the words their page must show (the catalogues' texts, in the browser's names for languages). */
const READERS = [
  {
    locale: 'de-DE',
    lang: 'de',
    families: 'Produktfamilien',
    formTitle: 'Dokumente suchen',
    submit: 'Suchen',
    noData: 'Keine Daten gefunden',
    elsewhere: 'Diese Suche findet Dokumente in anderen Sprachen oder Ländern:',
    elsewhereLanguages: 'Sprachen: Deutsch, Französisch',
    elsewhereCountries: 'Länder: Österreich, Deutschland, Frankreich',
    searchEverywhere: 'In allen Sprachen und Ländern suchen',
    resultsTitle: 'Suchergebnisse',
    ownLot: 'LOT-I18N-DE',
    switchTo: { lang: 'fr', name: 'Français', resultsTitle: 'Résultats de la recherche', contactTitle: 'Nous contacter' },
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    families: 'Familles de produits',
    formTitle: 'Rechercher des documents',
    submit: 'Rechercher',
    noData: 'Aucun résultat',
    elsewhere: 'Cette recherche trouve des documents dans d’autres langues ou pays :',
    elsewhereLanguages: 'Langues : allemand, français',
    elsewhereCountries: 'Pays : Autriche, Allemagne, France',
    searchEverywhere: 'Rechercher dans toutes les langues et tous les pays',
    resultsTitle: 'Résultats de la recherche',
    ownLot: 'LOT-I18N-FR',
    switchTo: { lang: 'de', name: 'Deutsch', resultsTitle: 'Suchergebnisse', contactTitle: 'Kontakt' },
  },
] as const;

const DAY_MS = 86_400_000;

/** The customer portal in the reader's language, at 1280 and 390 px, for a German and a French reader. */
describe.skipIf(skipUnless(['chromium']))('the customer portal in German and French, headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let customerName: string;
  let searchPath: string;

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    const api = product.api;
    const approver = { email: 'i18n.approver@example.com', password: 'approver passphrase 1' };
    const approverId = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Ada', lastName: 'Approver' });
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerName = `Clinique Lumière ${Date.now()}`;
    const customerId = await arrangeApprovedCustomer(api, admin, { ...approver, id: approverId }, customerName);
    const order = await arrangeChangeOrder(api, {
      author: admin,
      approverId,
      customerId,
      productName: 'Stent Aorta',
      children: [
        { lotNumber: 'LOT-I18N-DE', partNumber: 'PN-DE', countryList: 'DE,AT', languageList: 'de' },
        { lotNumber: 'LOT-I18N-FR', partNumber: 'PN-FR', countryList: 'FR', languageList: 'fr' },
      ],
    });
    await arrangeDecision(api, { parentChangeId: order.parentChangeId, approver: { ...approver, id: approverId }, approve: true });
    const token = sealSearchLink(api.api.context.secrets.linkSecret, { customerId, parentChangeId: order.parentChangeId }, 'reader@example.com', new Date(Date.now() + 30 * DAY_MS));
    searchPath = `/customerDocSearch?${new URLSearchParams({ customerName, parentChangeId: order.parentChangeId, encryptedEmail: token }).toString()}`;
  }, 120_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (viewport: Viewport, locale: string): Promise<Page> => {
    const context = await browser.newContext({ ...viewportContext(viewport), locale });
    contexts.push(context);
    return context.newPage();
  };
  const htmlLang = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px, a reader in ${READERS.map((reader) => reader.locale).join(' and one in ')}: every text in theirs, a search in no language finds theirs first, the switcher keeps the page`, async () => {
      // Each reader in a browser of their own language, one after the other.
      for (const reader of READERS) {
        const page = await newPage(viewport, reader.locale);
        const accessible = (state: string) => checkAccessible(page, 'customer-portal-languages', viewport, `${reader.lang}-${state}`);

        // The customer page, in the browser's language.
        await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}`);
        await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
        await page.getByRole('heading', { level: 2, name: reader.families }).waitFor();
        expect(await htmlLang(page)).toEqual([reader.lang, 'ltr']);
        const switcher = page.getByTestId('language-switcher');
        expect(await switcher.getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe(`/docSearch/${encodeURIComponent(customerName)}?lang=de`);
        expect(await switcher.locator('[aria-current="true"]').getAttribute('lang')).toBe(reader.lang);
        await accessible('customer-page');

        // The search page: the form in the reader's language, their language preselected; a country nothing is published for.
        await page.goto(`${product.customerUrl}${searchPath}`);
        const form = page.getByTestId('search-form');
        await form.getByRole('heading', { level: 2, name: reader.formTitle }).waitFor();
        expect(await form.locator('#search-language').inputValue()).toBe(reader.lang);
        await form.locator('#search-country').selectOption('US');
        await accessible('search-form');
        await form.getByRole('button', { name: reader.submit }).click();

        // Nothing in the United States: the page says where this search does find documents.
        await page.getByTestId('search-no-data').getByText(reader.noData).waitFor();
        const elsewhere = page.getByTestId('available-elsewhere');
        await elsewhere.getByText(reader.elsewhere).waitFor();
        await elsewhere.getByText(reader.elsewhereLanguages).waitFor();
        await elsewhere.getByText(reader.elsewhereCountries).waitFor();
        await accessible('available-elsewhere');

        // Every language and country: both documents, the reader's language first.
        await elsewhere.getByRole('button', { name: reader.searchEverywhere }).click();
        const results = page.getByTestId('search-results');
        const rows = viewport.width < 600 ? results.getByTestId('result-card') : results.getByTestId('result-row');
        await expect.poll(() => rows.count()).toBe(2);
        expect(await rows.first().textContent()).toContain(reader.ownLot);
        await results.getByRole('heading', { level: 2, name: reader.resultsTitle }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await accessible('results');

        // The switcher: the same page and query in the other language, the results kept, the pick remembered.
        const before = new URL(page.url());
        await switcher.getByRole('link', { name: reader.switchTo.name }).click();
        await results.getByRole('heading', { level: 2, name: reader.switchTo.resultsTitle }).waitFor();
        expect(await htmlLang(page)).toEqual([reader.switchTo.lang, 'ltr']);
        const after = new URL(page.url());
        expect(after.pathname).toBe(before.pathname);
        expect(after.searchParams.get('encryptedEmail')).toBe(before.searchParams.get('encryptedEmail'));
        expect(after.searchParams.get('lang')).toBe(reader.switchTo.lang);
        await expect.poll(() => rows.count()).toBe(2);
        await accessible('switched');

        // Another page without ?lang=: the pick holds.
        await page.goto(`${product.customerUrl}/contactus`);
        await page.getByRole('heading', { level: 1, name: reader.switchTo.contactTitle }).waitFor();
        expect(await htmlLang(page)).toEqual([reader.switchTo.lang, 'ltr']);
      }
    }, 120_000);
  }
});
