import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealSearchLink } from '../services/src/public-portal/search-link';
import { closeContext, DESKTOP_AND_SMALL_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const DAY_MS = 86_400_000;

/** What a search engine reads of a page once its script ran: the language, the title, the description, robots. */
const head = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content') ?? ''),
    robots: [...document.querySelectorAll('meta[name="robots"]')].map((meta) => `${meta.parentElement?.tagName}:${meta.getAttribute('content')}`),
  }));

/** Records every layout shift from the page's first moment (Lighthouse's CLS counts the same entries). */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: Array<{ value: number; nodes: string[] }> = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((source) => (source.node as Element | null)?.className || source.node?.nodeName || '?') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: Array<{ value: number; nodes: string[] }> }).shifts);

/**
 * The public portal's pages as search engines and Lighthouse read them: a title and a description on every page, the
 * reader's language on <html>, the emailed search link and the not-found pages kept out of results (robots noindex)
 * while a customer's page is not; and nothing on a page moves while it loads (the footer waits for the page).
 */
describe.skipIf(skipUnless(['chromium']))('the public pages for search engines and Lighthouse', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let customerName: string;
  let productName: string;
  let searchPath: string;
  let openSearchPath: string;
  let customerId: string;

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    const api = product.api;
    const approver = { email: 'head.approver@example.com', password: 'approver passphrase 1' };
    const approverId = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Hedda', lastName: 'Approver' });
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerName = `Harbour Clinic ${Date.now()}`;
    productName = 'Harbour Catheter';
    customerId = await arrangeApprovedCustomer(api, admin, { ...approver, id: approverId }, customerName);
    const order = await arrangeChangeOrder(api, {
      author: admin,
      approverId,
      customerId,
      productName,
      children: [{ lotNumber: 'LOT-HEAD-1', partNumber: 'PN-HEAD', countryList: 'DE,GB', languageList: 'de,en' }],
    });
    await arrangeDecision(api, { parentChangeId: order.parentChangeId, approver: { ...approver, id: approverId }, approve: true });
    const token = sealSearchLink(api.api.context.secrets.linkSecret, { customerId, parentChangeId: order.parentChangeId }, 'reader@example.com', new Date(Date.now() + DAY_MS));
    searchPath = `/customerDocSearch?${new URLSearchParams({ customerName, parentChangeId: order.parentChangeId, encryptedEmail: token }).toString()}`;
    // An open-access customer's link carries no address (POST /module2/openSearchLink seals it so).
    const openToken = sealSearchLink(api.api.context.secrets.linkSecret, { customerId, parentChangeId: order.parentChangeId }, '', new Date(Date.now() + DAY_MS));
    openSearchPath = `/customerDocSearch?${new URLSearchParams({ customerName, parentChangeId: order.parentChangeId, encryptedEmail: openToken }).toString()}`;
  }, 120_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (viewport: Viewport, locale = 'en-GB'): Promise<Page> => {
    const context = await browser.newContext({ ...viewportContext(viewport), locale });
    contexts.push(context);
    return context.newPage();
  };

  it('a title and one description on each page, the reader’s language; the emailed link, a refused link and an unknown customer say noindex; a customer’s page and an open-access customer’s search page do not', async () => {
    const viewport = DESKTOP_AND_SMALL_PHONE[0];
    const page = await newPage(viewport);
    await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}`);
    await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
    await page.getByRole('button', { name: productName }).waitFor();
    const customer = await head(page);
    expect(customer.lang).toBe('en');
    expect(customer.title).toContain(customerName);
    expect(customer.descriptions).toHaveLength(1);
    expect(customer.descriptions[0]!.length).toBeGreaterThan(20);
    expect(customer.robots).toEqual([]);

    await page.goto(`${product.customerUrl}${searchPath}`);
    await page.getByTestId('search-form').waitFor();
    const search = await head(page);
    expect(search.robots).toEqual(['HEAD:noindex']);
    expect(search.descriptions).toHaveLength(1);
    expect(search.title).toContain(productName);

    await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent('No Such Harbour Clinic')}`);
    await page.getByRole('link', { name: 'Contact US' }).first().waitFor();
    await expect.poll(async () => (await head(page)).robots).toEqual(['HEAD:noindex']);

    // Leaving the emailed link for a customer's page takes its noindex away (React removes what it placed).
    await page.goto(`${product.customerUrl}${searchPath}`);
    await page.getByTestId('search-form').waitFor();
    await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}?lang=de`);
    await page.getByRole('button', { name: productName }).waitFor();
    await expect.poll(async () => (await head(page)).lang).toBe('de');
    expect((await head(page)).robots).toEqual([]);

    // An open-access customer's search page is its public search: it may be indexed. Closed again afterwards.
    const token = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const openAccess = (on: boolean) => product.api.call('PUT', '/customer/openAccess', { token, body: { id: customerId, openAccess: on } });
    expect((await openAccess(true)).status).toBe(200);
    try {
      await page.goto(`${product.customerUrl}${openSearchPath}`);
      await page.getByTestId('search-form').waitFor();
      expect((await head(page)).robots).toEqual([]);
    } finally {
      expect((await openAccess(false)).status).toBe(200);
    }
    // Closed: the same link is refused, and the page saying so is not kept either.
    await page.goto(`${product.customerUrl}${openSearchPath}`);
    await page.getByTestId('link-problem').waitFor();
    await expect.poll(async () => (await head(page)).robots).toEqual(['HEAD:noindex']);
  });

  for (const viewport of DESKTOP_AND_SMALL_PHONE) {
    it(`at ${viewport.width} px nothing moves while the customer page and the emailed link’s search page load`, async () => {
      for (const [path, ready] of [
        [`/docSearch/${encodeURIComponent(customerName)}`, (page: Page) => page.getByRole('button', { name: productName }).waitFor()],
        [searchPath, (page: Page) => page.getByTestId('search-form').waitFor()],
      ] as const) {
        const page = await newPage(viewport);
        await recordShifts(page);
        await page.goto(`${product.customerUrl}${path}`);
        await ready(page);
        await page.getByRole('contentinfo').waitFor();
        await page.waitForLoadState('networkidle');
        const shifts = await shiftsOf(page);
        // The logos' width is known only once they arrive (a few thousandths); the boot text's margin or the footer
        // pushed down by the loaded page cost 0.01 to 0.1.
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.005);
      }
    });
  }
});
