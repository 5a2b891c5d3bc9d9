import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_PHONE;

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
/** A word that is only inside one PDF's text: not in any number, name, keyword or description. */
const PDF_ONLY_WORD = 'quasarflux';
/** The keyword of the 11 children that fill more than one page. */
const PAGED_WORD = 'pagewalk';

interface Arranged {
  parentChangeId: string;
  documentId: string;
}

describe.skipIf(skipUnless(['chromium']))('Internal document search (/document/search) in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  let approver: Signer & { firstName: string; lastName: string };
  const customerName = 'Searchable Surgical';
  const otherCustomerName = 'Other Orthopedics';
  /** The document whose PDF alone holds PDF_ONLY_WORD (approved). */
  let inPdf: Arranged;
  /** An approved version, then superseded by `current` (same customer, product family, lot number and part number). */
  let superseded: Arranged;
  let current: Arranged;
  /** The same product family name at another customer, pending approval. */
  let elsewhere: Arranged;
  /** A change order of 11 children whose keywords say PAGED_WORD: more than one page of results. */
  let paged: Arranged;
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    approver = { email: 'sam.searcher@example.com', password: 'approver passphrase 1', id: '', firstName: 'Sam', lastName: 'Searcher' };
    approver.id = await product.api.createUser({ ...approver, role: 'ADMIN' });
    const customerId = await arrangeApprovedCustomer(product.api, AUTHOR, approver, customerName);
    const otherCustomerId = await arrangeApprovedCustomer(product.api, AUTHOR, approver, otherCustomerName);
    const order = (productName: string, lotNumber: string, partNumber: string, customer = customerId, pdfLines?: string[]) =>
      arrangeChangeOrder(product.api, {
        author: AUTHOR,
        approverId: approver.id,
        customerId: customer,
        productName,
        children: [{ lotNumber, partNumber, ...(pdfLines ? { pdfLines } : {}) }],
      });
    const approve = (arranged: Arranged) => arrangeDecision(product.api, { parentChangeId: arranged.parentChangeId, approver, approve: true });

    inPdf = await order('Lumen Catheter', 'LOT-LUMEN-1', 'PN-LUMEN', customerId, [
      'Instructions for use',
      `Keep the catheter away from ${PDF_ONLY_WORD} sources during storage.`,
    ]);
    await approve(inPdf);
    superseded = await order('Orbit Stent', 'LOT-ORBIT-7', 'PN-ORBIT');
    await approve(superseded);
    current = await order('Orbit Stent', 'LOT-ORBIT-7', 'PN-ORBIT');
    await approve(current);
    elsewhere = await order('Orbit Stent', 'LOT-ORBIT-9', 'PN-ORBIT-B', otherCustomerId);
    paged = await arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: approver.id,
      customerId,
      productName: 'Pager Pump',
      children: Array.from({ length: 11 }, (_, index) => ({ lotNumber: `LOT-PAGE-${index + 1}`, partNumber: `PN-PAGE-${index + 1}`, keywords: PAGED_WORD })),
    });
  }, 180_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const logIn = async (viewport: Viewport): Promise<{ page: Page; context: BrowserContext }> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    const page = await context.newPage();
    // The page's own clock, so that a failed search's retries (react-query's back-off) pass when the test says.
    await page.clock.install();
    await logInReusingSession(page, product, AUTHOR.email, AUTHOR.password);
    return { page, context };
  };

  const form = (page: Page) => page.getByTestId('document-search-form');
  const results = (page: Page) => page.getByTestId('search-results');
  const grid = (page: Page) => page.getByTestId('search-results-grid');
  /** The grid's row of a found document; documents are named by their change order's id and a child number. */
  const row = (page: Page, arranged: Arranged) => grid(page).getByRole('row').filter({ hasText: `${arranged.documentId}-` });
  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
  const overflowsHorizontally = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/document-search-${name}.png`, fullPage: true, animations: 'disabled' });

  /** Fills the form (fields not given are emptied) and submits it; waits for the answer to the call it makes. */
  const search = async (
    page: Page,
    fields: { keywords?: string; changeOrderNo?: string; productName?: string; customerName?: string; archive?: boolean },
  ) => {
    const f = form(page);
    await f.getByLabel(DOCUMENT_MESSAGES.searchField, { exact: true }).fill(fields.keywords ?? '');
    await f.getByLabel(DOCUMENT_MESSAGES.changeOrderNumber).fill(fields.changeOrderNo ?? '');
    await f.getByLabel(DOCUMENT_MESSAGES.productName).fill(fields.productName ?? '');
    const customer = f.getByRole('combobox', { name: DOCUMENT_MESSAGES.customerName });
    if (fields.customerName) {
      await customer.click();
      await customer.fill(fields.customerName.slice(0, 6));
      await page.getByRole('option', { name: fields.customerName, exact: true }).click();
    } else if (await customer.inputValue()) {
      await customer.fill('');
      await page.keyboard.press('Escape');
    }
    const archive = f.getByRole('checkbox', { name: DOCUMENT_MESSAGES.archiveSearch });
    await archive.setChecked(fields.archive ?? false);
    const answered = page.waitForResponse((response) => response.url().includes('/document/searchDocuments') && response.request().method() === 'POST');
    await f.getByRole('button', { name: DOCUMENT_MESSAGES.submit }).click();
    const response = await answered;
    return (await response.json()) as { data: { list: unknown[] }; message?: string };
  };

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px (${viewport.name}): a word only inside a PDF finds it with its snippet; a superseded version only with Archive Search; nothing found says 'No Data Found'; the download icon opens the PDF in a new tab${viewport.name === 'desktop' ? '; 11 results page by 10 (10/25/50/100); the same search submitted again asks the server again and starts on the first page; a failed search shows the server message in a toast' : ''}`, async () => {
      const { page, context } = await logIn(viewport);

      // The documents list's 'Search Document' leads here; the form comes first, with the spec's labels.
      await page.getByRole('link', { name: 'Search Document' }).click();
      await page.waitForURL('**/document/search');
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Search Document');
      const f = form(page);
      for (const label of [DOCUMENT_MESSAGES.searchField, DOCUMENT_MESSAGES.changeOrderNumber, DOCUMENT_MESSAGES.productName]) {
        expect(await f.getByRole('textbox', { name: label, exact: true }).or(f.getByRole('searchbox', { name: label, exact: true })).count(), label).toBe(1);
      }
      expect(await f.getByRole('combobox', { name: DOCUMENT_MESSAGES.customerName }).count()).toBe(1);
      expect(await f.getByRole('checkbox', { name: DOCUMENT_MESSAGES.archiveSearch }).isChecked()).toBe(false);
      expect(await results(page).count()).toBe(0);
      if (viewport.name === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
      await shot(page, `form-${viewport.name}`);

      // (a) A word that only the PDF's text holds finds that document, and the snippet shows it marked.
      const answer = await search(page, { keywords: PDF_ONLY_WORD });
      expect(answer.data.list).toHaveLength(1);
      const found = row(page, inPdf);
      await found.waitFor();
      expect(await grid(page).getByRole('row').count()).toBe(2); // the header row and the one document
      const snippet = found.getByTestId('search-snippet');
      expect(await snippet.textContent()).toContain(`away from ${PDF_ONLY_WORD} sources`);
      expect(await snippet.locator('mark').allTextContents()).toEqual([PDF_ONLY_WORD]);
      expect(await found.getByTestId('document-status').textContent()).toBe('Approved');
      expect(await found.textContent()).toContain('Lumen Catheter');
      expect(await found.textContent()).toContain(inPdf.documentId);
      expect(await found.textContent()).toContain('First release of LOT-LUMEN-1');
      expect(await found.textContent()).toContain('Lumen Catheter, instructions');
      expect(await results(page).getByTestId('search-result-count').textContent()).toBe('1 document found');
      if (viewport.name === 'desktop') {
        for (const header of ['Document ID', 'Desc of document', 'Keywords', 'ChangeOrder No.', 'Product Name', 'Download']) {
          expect(await grid(page).getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
        }
      }
      // Fewer than 10 rows: no pagination (spec §2.13).
      expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);
      // The search is in the address.
      expect(new URL(page.url()).searchParams.get('keywords')).toBe(PDF_ONLY_WORD);
      if (viewport.name === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
      await shot(page, `results-${viewport.name}`);

      // (d) The download icon opens the PDF in a new tab, through its signed link (GET /document/file/…).
      const documentNumber = (await found.getByTestId('search-document-link').textContent())!;
      const pdfResponse = context.waitForEvent('response', (response) => response.url().includes('/document/file/'));
      const [tab] = await Promise.all([context.waitForEvent('page'), found.getByRole('button', { name: `Download ${documentNumber}` }).click()]);
      const response = await pdfResponse;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/pdf');
      // The tab shows it in Chromium's PDF viewer (whose page is what the tab's response body reads as); the link's bytes are the PDF.
      expect((await (await page.request.get(response.url())).body()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.frame().page()).toBe(tab);
      await tab.close();
      expect(await toast(page, 'Failed').count()).toBe(0);

      // The Document ID leads to the change order's page; Back shows the same results again.
      await found.getByRole('link', { name: documentNumber }).click();
      await page.waitForURL(`**/document/view/${inPdf.parentChangeId}`);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/document/search' && url.searchParams.has('keywords'));
      await row(page, inPdf).waitFor();
      expect(await form(page).getByLabel(DOCUMENT_MESSAGES.searchField, { exact: true }).inputValue()).toBe(PDF_ONLY_WORD);

      // (b) The superseded version: not in the normal search, which finds the current version only ...
      await search(page, { productName: 'Orbit Stent', customerName });
      await row(page, current).waitFor();
      expect(await row(page, current).getByTestId('document-status').textContent()).toBe('Approved');
      expect(await row(page, superseded).count()).toBe(0);
      // ... the other customer's Orbit Stent is left out by the Customer Name ...
      expect(await row(page, elsewhere).count()).toBe(0);
      expect(await grid(page).getByRole('row').count()).toBe(2);
      // ... and Archive Search finds it, badged Archived.
      await search(page, { productName: 'Orbit Stent', customerName, archive: true });
      await row(page, superseded).waitFor();
      expect(await row(page, superseded).getByTestId('document-status').textContent()).toBe('Archived');
      expect(await row(page, current).count()).toBe(0);
      await shot(page, `archive-${viewport.name}`);
      // Without the customer, the pending Orbit Stent of the other customer is found too.
      await search(page, { productName: 'Orbit Stent' });
      await row(page, elsewhere).waitFor();
      expect(await row(page, elsewhere).getByTestId('document-status').textContent()).toBe('Approval Pending');
      await row(page, current).waitFor();
      expect(await row(page, superseded).count()).toBe(0);

      // (c) Nothing matches: 'No Data Found', and no grid.
      const nothing = await search(page, { keywords: 'zzyzx-nothing-matches', archive: true });
      expect(nothing.data.list).toHaveLength(0);
      const noData = results(page).getByTestId('search-no-data');
      await noData.waitFor();
      expect(await noData.textContent()).toBe(DOCUMENT_MESSAGES.noDataFound);
      expect(await grid(page).count()).toBe(0);
      if (viewport.name === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
      await shot(page, `no-data-${viewport.name}`);

      // At the desktop width: 11 results page by 10 (10/25/50/100); the same search submitted again asks the server
      // again and starts on the first page; a failed search shows the server message in a toast.
      if (viewport.name === 'desktop') {
        await page.goto(`${product.adminUrl}/document/search`);
        await form(page).waitFor();
        let calls = 0;
        page.on('request', (request) => {
          if (request.url().includes('/document/searchDocuments')) calls += 1;
        });
        const dataRows = () => grid(page).getByRole('row').filter({ hasText: `${paged.documentId}-` });
        const answer = await search(page, { keywords: PAGED_WORD });
        expect(answer.data.list).toHaveLength(11);
        await expect.poll(() => dataRows().count()).toBe(10);
        expect(await results(page).getByTestId('search-result-count').textContent()).toBe('11 documents found');
        const pagination = page.locator('.MuiTablePagination-root');
        expect(await pagination.textContent()).toContain('1–10 of 11');
        await pagination.getByRole('combobox').click();
        expect(await page.getByRole('option').allTextContents()).toEqual(['10', '25', '50', '100']);
        await page.keyboard.press('Escape');
        await pagination.getByRole('button', { name: 'Go to next page' }).click();
        await expect.poll(() => dataRows().count()).toBe(1);
        // Submitted again: asked again, and a new grid on its first page.
        await search(page, { keywords: PAGED_WORD });
        await expect.poll(() => dataRows().count()).toBe(10);
        expect(await pagination.textContent()).toContain('1–10 of 11');
        expect(calls).toBe(2);
        // The body names the spec's fields.
        const sent = page.waitForRequest((request) => request.url().includes('/document/searchDocuments'));
        await search(page, { keywords: ' Orbit ', changeOrderNo: current.documentId, archive: false });
        expect((await sent).postDataJSON()).toEqual({ keywords: 'Orbit', changeOrderNo: current.documentId, productName: '', customerName: '', isArchieveSearch: false });
        await row(page, current).waitFor();
        expect(await row(page, superseded).count()).toBe(0);

        await page.route('**/document/searchDocuments**', (route) => route.fulfill({ status: 500, json: { message: 'Search index unavailable', code: 'internal' } }));
        await form(page).getByRole('button', { name: DOCUMENT_MESSAGES.submit }).click();
        // A 5xx is tried again twice, after 1 and 2 seconds: the page's clock moves on until the toast shows.
        const failed = toast(page, 'Search index unavailable').first();
        await expect
          .poll(async () => {
            await page.clock.runFor(500);
            return failed.count();
          }, { timeout: 20_000 })
          .toBeGreaterThan(0);
        await results(page).getByRole('alert').filter({ hasText: 'Search index unavailable' }).waitFor();
        // Still logged in, still on the search.
        expect(page.url()).toContain('/document/search');
      }
    }, 120_000);
  }
});
