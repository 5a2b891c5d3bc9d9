import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { openFileInNewTab } from '../test-support/document-tabs';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_PHONE;

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

describe.skipIf(skipUnless(['chromium']))('Documents list and document view in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  let approver: Signer & { firstName: string; lastName: string };
  let customerId: string;
  /** A change order that stays pending throughout: once it shows, the list has loaded. */
  let control: { parentChangeId: string; documentId: string };
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    approver = { email: 'alma.approver@example.com', password: 'approver passphrase 1', id: '', firstName: 'Alma', lastName: 'Approver' };
    approver.id = await product.api.createUser({ ...approver, role: 'ADMIN' });
    customerId = await arrangeApprovedCustomer(product.api, AUTHOR, approver, 'Acme Medical');
    control = await arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: approver.id,
      customerId,
      productName: 'Control Catheter',
      isInternal: true,
      children: [{ lotNumber: 'LOT-CONTROL', partNumber: 'PN-900' }],
    });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const logIn = async (viewport: Viewport): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    const page = await context.newPage();
    // The page's own clock, so that a failed load's retries (react-query's back-off) pass when the test says.
    await page.clock.install();
    await logInReusingSession(page, product, AUTHOR.email, AUTHOR.password);
    return page;
  };

  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
  /** Moves the page's clock on, half a second at a time, until `shown` is on the page (at most 20 s of real time). */
  const untilShown = (page: Page, shown: Locator) =>
    expect
      .poll(
        async () => {
          await page.clock.runFor(500);
          return shown.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
  const row = (grid: Locator, documentId: string) => grid.getByRole('row').filter({ hasText: documentId });
  /** Whether the page scrolls sideways (it must not on a phone). */
  const overflowsHorizontally = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px (${viewport.name}): a pending change order is on both tabs; its view shows the parent and its children; a child and then the change order are deactivated with a signature${viewport.name === 'desktop' ? '; decided change orders are only on All Documents, badged Approved or Rejected; their view shows the decision and offers no edit, add or deactivation' : '; a list or a document that cannot be loaded says so in a toast (spec §8)'}`, async () => {
      const productName = `Infusion Pump ${viewport.name}`;
      const { parentChangeId, documentId } = await arrangeChangeOrder(product.api, {
        author: AUTHOR,
        approverId: approver.id,
        customerId,
        productName,
        supportingFiles: ['Risk assessment.pdf', 'Test report.pdf'],
        effectiveDate: '2026-12-01',
        children: [
          { lotNumber: `LOT-${viewport.name}-1`, partNumber: 'PN-100', countryList: 'DE,US', languageList: 'de,en' },
          { lotNumber: `LOT-${viewport.name}-2`, partNumber: 'PN-200', countryList: 'FR', languageList: 'fr' },
        ],
      });
      const page = await logIn(viewport);
      // Every deactivation names the version of the change order the page showed (If-Match).
      const deleteIfMatch: Array<string | undefined> = [];
      page.on('request', (request) => {
        if (request.method() === 'DELETE') deleteIfMatch.push(request.headers()['if-match']);
      });

      // The 'Documents' tab: only change orders pending approval, this one among them.
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Documents');
      const grid = page.getByTestId('documents-grid');
      const pending = row(grid, documentId);
      await pending.waitFor();
      expect(await page.getByRole('tab', { name: 'Documents', exact: true }).getAttribute('aria-selected')).toBe('true');
      expect(await pending.getByTestId('document-status').textContent()).toBe('Approval Pending');
      expect(await pending.getByTestId('document-accessibility').textContent()).toBe('Online');
      expect(await pending.textContent()).toContain('Acme Medical');
      expect(await pending.textContent()).toContain('01/12/2026');
      expect(await pending.textContent()).toContain('Alma');
      if (viewport.name === 'desktop') {
        for (const header of ['#', 'Document ID', 'Effective Date', 'Approver', 'Customer', 'Type', 'Accessibility', 'Status', 'Action']) {
          expect(await grid.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
        }
        expect(await pending.textContent()).toContain('General Document');
      }
      expect(await page.getByRole('link', { name: 'Search Document' }).getAttribute('href')).toBe('/document/search');
      expect(await page.getByRole('link', { name: 'Add Document' }).getAttribute('href')).toBe('/document/add');
      // Fewer than 10 rows: no pagination footer (spec §2.13).
      expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/documents-list-pending-${viewport.name}.png`, fullPage: true, animations: 'disabled' });

      // The search goes to the server: another document id finds nothing.
      const search = page.getByLabel('Search documents');
      await search.fill('no such change order');
      await pending.waitFor({ state: 'detached' });
      await grid.getByText('No documents').waitFor();
      await search.fill(documentId);
      await pending.waitFor();
      expect(await row(grid, control.documentId).count()).toBe(0);
      await search.fill('');
      // The other pending change order, Offline.
      await expect.poll(() => row(grid, control.documentId).getByTestId('document-accessibility').textContent()).toBe('Offline');

      // 'All Documents'.
      await page.getByRole('tab', { name: 'All Documents' }).click();
      await page.waitForURL('**/document/list?tab=all');
      await row(grid, documentId).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/documents-list-all-${viewport.name}.png`, fullPage: true, animations: 'disabled' });

      // View.
      await row(grid, documentId).getByRole('link', { name: `View ${documentId}` }).click();
      await page.waitForURL(`**/document/view/${parentChangeId}`);
      const parent = page.getByTestId('change-order');
      await parent.getByTestId('view-document-id').waitFor();
      expect(await parent.getByTestId('view-document-id').textContent()).toBe(documentId);
      expect(await parent.getByTestId('view-product-name').textContent()).toBe(productName);
      expect(await parent.getByTestId('view-customer').textContent()).toBe('Acme Medical');
      expect(await parent.getByTestId('view-change-type').textContent()).toBe('General Document');
      expect(await parent.getByTestId('view-accessibility').textContent()).toBe('Online');
      expect(await parent.getByTestId('view-effective-date').textContent()).toBe('01/12/2026');
      expect(await parent.getByTestId('view-status').textContent()).toBe('Approval Pending');
      expect(await parent.getByTestId('view-approver').textContent()).toBe(approver.email);
      expect(await parent.getByTestId('view-comments').textContent()).toBe('Reviewed by QA');
      expect(await parent.getByTestId('view-reason').count()).toBe(0);
      // The author's signature: printed name, meaning, UTC time.
      const signature = parent.getByTestId('change-order-signatures').getByTestId('signature').first();
      expect(await signature.getByTestId('signature-meaning').textContent()).toBe('Authorship');
      expect(await signature.getByTestId('signature-time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC$/);
      // Supporting files open in a new tab through the download call and its signed link; the opening is recorded.
      const files = parent.getByTestId('supporting-file');
      expect(await files.allTextContents()).toEqual(['Risk assessment.pdf', 'Test report.pdf']);
      expect(await parent.getByTestId('file-opened').count()).toBe(0);
      const opened = await openFileInNewTab(page, files.first());
      expect(opened.status).toBe(200);
      expect(opened.contentType).toContain('application/pdf');
      await parent.getByTestId('supporting-files').getByRole('img', { name: 'Opened' }).waitFor();
      expect(await parent.getByTestId('file-opened').count()).toBe(1);
      // The logo loads.
      await expect
        .poll(() => parent.getByTestId('change-order-logo').evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
        .toBe(true);
      // Editable while pending: add child, edit parent.
      expect(await page.getByRole('link', { name: 'Add New Child' }).getAttribute('href')).toBe(`/document/${parentChangeId}/addchild`);
      expect(await parent.getByRole('link', { name: `Edit change order ${documentId}` }).getAttribute('href')).toBe(`/document/editparent/${parentChangeId}`);

      // The children.
      const children = page.getByTestId('child-document');
      await expect.poll(() => children.count()).toBe(2);
      const first = children.filter({ hasText: `LOT-${viewport.name}-1` });
      expect(await first.getByTestId('child-part-number').textContent()).toBe('PN-100');
      expect(await first.getByTestId('child-bill-of-material').textContent()).toBe('BOM-PN-100');
      expect(await first.getByTestId('child-country').textContent()).toBe('Germany, United States');
      expect(await first.getByTestId('child-language').textContent()).toBe('German, English');
      const firstNumber = (await first.getByTestId('child-document-number').textContent())!;
      expect(firstNumber).toContain(documentId);
      const childId = (await first.getAttribute('data-child-id'))!;
      expect(await first.getByRole('link', { name: `Edit child document ${firstNumber}` }).getAttribute('href')).toBe(`/document/editchild/${childId}`);
      if (viewport.name === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
      await page.screenshot({ path: `${SCREENSHOTS}/document-view-${viewport.name}.png`, fullPage: true, animations: 'disabled' });

      // Deactivate the first child: nothing typed, then a wrong password, then the right one.
      await first.getByRole('button', { name: `Deactivate child document ${firstNumber}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Child Document' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      // The username is the signer's, filled in: only the password is missing.
      expect(await dialog.getByLabel('Username').inputValue()).toBe(AUTHOR.email);
      await expect.poll(() => dialog.getByText(DOCUMENT_MESSAGES.enterUsernameAndPassword, { exact: true }).count()).toBe(1);
      await dialog.getByLabel('Username').fill(AUTHOR.email);
      await dialog.getByLabel('Password').fill('not my password');
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      const refusal = dialog.getByTestId('deactivate-document-error');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe('Signature refused: enter your own username and password.');
      // A refused signature is no logout: still on the page, the dialog still open.
      expect(page.url()).toContain(`/document/view/${parentChangeId}`);
      await page.screenshot({ path: `${SCREENSHOTS}/document-deactivate-dialog-${viewport.name}.png`, animations: 'disabled' });
      await dialog.getByLabel('Password').fill(AUTHOR.password);
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => children.count()).toBe(1);
      expect(await children.filter({ hasText: `LOT-${viewport.name}-1` }).count()).toBe(0);
      await children.filter({ hasText: `LOT-${viewport.name}-2` }).waitFor();

      // Deactivate the change order: back to the list, where it is no more, on either tab.
      await parent.getByRole('button', { name: `Deactivate change order ${documentId}` }).click();
      const parentDialog = page.getByRole('dialog', { name: 'Deactivate Change Order' });
      await parentDialog.getByLabel('Username').fill(AUTHOR.email);
      await parentDialog.getByLabel('Password').fill(AUTHOR.password);
      await parentDialog.getByRole('button', { name: 'Deactivate' }).click();
      await page.waitForURL('**/document/list');
      // Three signed calls: the refused one, the child, the change order; each with the version then shown.
      expect(deleteIfMatch).toHaveLength(3);
      for (const header of deleteIfMatch) expect(header).toMatch(/^"\d+"$/);
      expect(Number(JSON.parse(deleteIfMatch[2]!))).toBeGreaterThan(Number(JSON.parse(deleteIfMatch[1]!)));
      await row(grid, control.documentId).waitFor();
      expect(await row(grid, documentId).count()).toBe(0);
      expect(await toast(page, DOCUMENT_MESSAGES.fetchFailed).count()).toBe(0);
      await page.getByRole('tab', { name: 'All Documents' }).click();
      await page.waitForURL('**/document/list?tab=all');
      await row(grid, control.documentId).waitFor();
      expect(await row(grid, documentId).count()).toBe(0);

      // Its page now says it cannot be shown.
      await page.goto(`${product.adminUrl}/document/view/${parentChangeId}`);
      await toast(page, DOCUMENT_MESSAGES.fetchFailed).waitFor();

      if (viewport.name === 'desktop') {
        // Decided change orders are only on All Documents, badged Approved or Rejected; their view shows the decision
        // and offers no edit, add or deactivation.
        const approved = await arrangeChangeOrder(product.api, {
          author: AUTHOR,
          approverId: approver.id,
          customerId,
          productName: 'Approved Stent',
          children: [{ lotNumber: 'LOT-APPROVED', partNumber: 'PN-300' }],
        });
        const rejected = await arrangeChangeOrder(product.api, {
          author: AUTHOR,
          approverId: approver.id,
          customerId,
          productName: 'Rejected Stent',
          children: [{ lotNumber: 'LOT-REJECTED', partNumber: 'PN-400' }],
        });
        await arrangeDecision(product.api, { parentChangeId: approved.parentChangeId, approver, approve: true });
        await arrangeDecision(product.api, { parentChangeId: rejected.parentChangeId, approver, approve: false, reason: 'Wrong language set' });

        await page.goto(`${product.adminUrl}/document/list`);
        await row(grid, control.documentId).waitFor();
        expect(await row(grid, approved.documentId).count()).toBe(0);
        expect(await row(grid, rejected.documentId).count()).toBe(0);
        await page.getByRole('tab', { name: 'All Documents' }).click();
        await expect.poll(() => row(grid, approved.documentId).getByTestId('document-status').textContent()).toBe('Approved');
        expect(await row(grid, rejected.documentId).getByTestId('document-status').textContent()).toBe('Rejected');

        await row(grid, rejected.documentId).getByRole('link', { name: `View ${rejected.documentId}` }).click();
        await expect.poll(() => parent.getByTestId('view-status').textContent()).toBe('Rejected');
        expect(await parent.getByTestId('view-reason').textContent()).toBe('Wrong language set');
        const meanings = parent.getByTestId('change-order-signatures').getByTestId('signature-meaning');
        expect(await meanings.allTextContents()).toEqual(['Authorship', 'Rejection']);
        await page.getByTestId('child-document').first().waitFor();
        expect(await page.getByRole('link', { name: 'Add New Child' }).count()).toBe(0);
        expect(await parent.getByRole('link', { name: /^Edit change order/ }).count()).toBe(0);
        expect(await parent.getByRole('button', { name: /^Deactivate change order/ }).count()).toBe(0);
        expect(await page.getByRole('link', { name: /^Edit child document/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^Deactivate child document/ }).count()).toBe(0);
        await page.screenshot({ path: `${SCREENSHOTS}/document-view-rejected-desktop.png`, fullPage: true, animations: 'disabled' });

        await page.goto(`${product.adminUrl}/document/view/${approved.parentChangeId}`);
        await expect.poll(() => parent.getByTestId('view-status').textContent()).toBe('Approved');
        expect(await parent.getByTestId('view-reason').count()).toBe(0);
        expect(await meanings.allTextContents()).toEqual(['Authorship', 'Approval']);
        expect(await page.getByRole('link', { name: 'Add New Child' }).count()).toBe(0);
      } else {
        // A list or a document that cannot be loaded says so in a toast (spec §8).
        await page.goto(`${product.adminUrl}/document/list`);
        await row(grid, control.documentId).waitFor();
        await page.route('**/document/getDocumentList**', (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable', code: 'internal' } }));
        await page.getByRole('tab', { name: 'All Documents' }).click();
        // A 5xx is tried again twice, after 1 and 2 seconds: the page's clock moves on until the toast shows.
        await untilShown(page, toast(page, DOCUMENT_MESSAGES.listFailed));
        await page.getByRole('alert').filter({ hasText: 'Database unavailable' }).waitFor();
        await page.route('**/document/get/**', (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable', code: 'internal' } }));
        await page.goto(`${product.adminUrl}/document/view/${control.parentChangeId}`);
        // A 5xx is tried again twice, after 1 and 2 seconds: the page's clock moves on until the toast shows.
        await untilShown(page, toast(page, DOCUMENT_MESSAGES.fetchFailed));
        // Still logged in: the page offers to try again.
        await page.getByRole('button', { name: 'Retry' }).waitFor();
      }
    }, 120_000);
  }
});
