import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInReusingSession, useBrowserPages, useBrowserProduct } from '../test-support/browser-product';
import {
  arrangeApprovedCustomer,
  arrangeChangeOrder,
  arrangeRegisteredCustomer,
  openEveryFile,
  type Signer,
} from '../test-support/document-arrangements';
import { makePdf } from '../test-support/documents';
import { PNG_1X1 } from '../test-support/images';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const DESKTOP = DESKTOP_AND_PHONE[0];
/** A customer's name as long as real ones are: it must show whole in the list at 1280 px. */
const LONG_CUSTOMER = 'Northwind Medical Devices GmbH';
/** After a decision on the view, the page refreshes its change order this long after (spec §4). */
const PAGE_REFRESH_AFTER_APPROVAL_MS = 2_000;
/** How far the badge's check moves the page's clock between two looks at the page. */
const CLOCK_STEP_MS = 50;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * What a staff member sees is whole and uncovered, and says what it is doing: the login
 * card keeps its box between its steps with the product name on the dark band; the grids' texts are not cut at
 * 1280 px; 'Uploaded Doc' covers neither Next nor the Justification field; the customer approve modal's headings are
 * in order; Edit parent says 'Processing…' after the bytes are sent; an approval's badge is right at once.
 * Walked as one journey per width as the author (the login card first) and one as the approver, over data arranged
 * once; what a journey changes (the change order it edits or approves) is its own.
 */
describe.skipIf(skipUnless(['chromium']))('Staff screens: layout and progress in headless Chromium', () => {
  let product: TestProduct;
  let approver: Signer & { firstName: string; lastName: string };
  let customerId: string;
  let dir: string;
  /** Edited by the desktop author journey (Edit parent), and approved by the approver journey (the badge). */
  let editedOrder: string;
  let approvedOrder: string;
  const files = { pdf: '', child: '', logo: '' };

  const suite = useBrowserProduct();
  const newPage = useBrowserPages(suite);
  beforeAll(async () => {
    ({ product } = suite);
    dir = mkdtempSync(join(tmpdir(), 'ifu-layout-'));
    const write = async (name: string, bytes: Buffer | Promise<Buffer>) => {
      const path = join(dir, name);
      writeFileSync(path, await bytes);
      return path;
    };
    files.pdf = await write('supporting-report.pdf', makePdf(...Array.from({ length: 400 }, (_, i) => `Line ${i} of the supporting report`)));
    files.child = await write('ifu-child.pdf', makePdf('Instructions for use'));
    files.logo = await write('logo.png', PNG_1X1);
    approver = {
      email: 'regulatory.affairs.approver@northwind-medical.example',
      password: 'approver passphrase 1',
      id: '',
      firstName: 'Alma',
      lastName: 'Approver',
    };
    approver.id = await product.api.createUser({ ...approver, role: 'ADMIN' });
    customerId = await arrangeApprovedCustomer(product.api, AUTHOR, approver, LONG_CUSTOMER);
    for (const changeType of ['Model/Product Information', 'General Document', 'Product Drawing']) {
      await arrangeChangeOrder(product.api, {
        author: AUTHOR,
        approverId: approver.id,
        customerId,
        productName: `Layout ${changeType}`,
        changeType,
        waitForText: false,
        children: [{ lotNumber: `LOT-${changeType.length}`, partNumber: 'PN-1' }],
      });
    }
    // The approver's customer approve modal opens on a customer still awaiting its decision.
    await arrangeRegisteredCustomer(product.api, AUTHOR, approver.id, 'Heading Order Clinic');
    ({ parentChangeId: editedOrder } = await arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: approver.id,
      customerId,
      productName: 'Layout Edit Parent',
      waitForText: false,
      children: [{ lotNumber: 'LOT-EDIT', partNumber: 'PN-2' }],
    }));
    ({ parentChangeId: approvedOrder } = await arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: approver.id,
      customerId,
      productName: 'Layout Badge',
      waitForText: false,
      children: [{ lotNumber: 'LOT-BADGE', partNumber: 'PN-3' }],
    }));
    await openEveryFile(product.api, await product.api.login(approver.email, approver.password), approvedOrder);
  }, 180_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The texts of a grid's cells and headers that do not show whole (cut sideways, or below a second line). */
  const cutTexts = (grid: Locator, fields: readonly string[]) =>
    grid.evaluate((root, names) => {
      const cut: string[] = [];
      const whole = (element: Element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1;
      for (const cell of root.querySelectorAll<HTMLElement>('.MuiDataGrid-cell')) {
        if (!names.includes(cell.dataset.field ?? '')) continue;
        const text = cell.querySelector('[data-wrapped-text]') ?? cell;
        if (!whole(text) || !whole(cell)) cut.push(`${cell.dataset.field}: ${cell.textContent}`);
      }
      for (const title of root.querySelectorAll('.MuiDataGrid-columnHeaderTitle')) if (!whole(title)) cut.push(`header: ${title.textContent}`);
      return cut;
    }, fields);


  /** The login card keeps its box from the username step to the password step; the white product name is on the dark band. */
  const loginCard = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/login`);
    const card = page.getByTestId('auth-card');
    await page.getByLabel('Username/Email').fill(AUTHOR.email);
    const first = await card.boundingBox();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    const second = await card.boundingBox();
    expect(second!.y).toBeCloseTo(first!.y, 0);
    expect(second!.height).toBeCloseTo(first!.height, 0);
    expect(second!.width).toBeCloseTo(first!.width, 0);
    // Back to the first step: the same box again.
    await page.getByTestId('login-back').click();
    await page.getByLabel('Username/Email').waitFor();
    expect((await card.boundingBox())!.height).toBeCloseTo(first!.height, 0);

    const band = (await page.getByTestId('auth-band').boundingBox())!;
    const name = (await page.getByTestId('product-name').boundingBox())!;
    expect(name.y).toBeGreaterThanOrEqual(band.y);
    expect(name.y + name.height).toBeLessThanOrEqual(band.y + band.height);
    // The card starts below the product name.
    expect(first!.y).toBeGreaterThan(name.y + name.height);
    await expectAccessible(page, 'layout', viewport, 'login-password-step');
  };

  /** At 1280 px, the Customer, Type and Email texts of the documents, customers and users grids show whole (no cell or header cut). */
  const wholeGridTexts = async (page: Page) => {
    await page.goto(`${product.adminUrl}/document/list`);
    await page.getByTestId('documents-tab-all').click();
    const documents = page.getByTestId('documents-grid');
    await documents.getByRole('row').filter({ hasText: 'Model/Product Information' }).first().waitFor();
    expect(await cutTexts(documents, ['documentId', 'effectiveDate', 'approverFirstName', 'customerName', 'changeType'])).toEqual([]);
    expect(await documents.locator('.MuiDataGrid-cell[data-field="customerName"]').first().textContent()).toBe(LONG_CUSTOMER);

    await page.goto(`${product.adminUrl}/managecustomer`);
    const customers = page.getByTestId('customers-grid');
    await customers.getByRole('row').filter({ hasText: LONG_CUSTOMER }).waitFor();
    expect(await cutTexts(customers, ['customerName', 'contactEmail'])).toEqual([]);

    await page.goto(`${product.adminUrl}/manageuser`);
    const users = page.getByTestId('users-grid');
    await users.getByRole('row').filter({ hasText: approver.email }).waitFor();
    expect(await cutTexts(users, ['firstName', 'lastName', 'email'])).toEqual([]);
    await page.getByRole('tab', { name: 'ALL USERS' }).click();
    await users.getByRole('columnheader', { name: 'STATUS' }).waitFor();
    expect(await cutTexts(users, ['firstName', 'lastName', 'email'])).toEqual([]);
  };

  /** 'Uploaded Doc' covers neither the Justification field nor Next, on Start and on Change/New. */
  const uploadedDocUncovering = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/document/add`);
    const start = page.getByTestId('wizard-start');
    const uploadedDoc = page.getByTestId('uploaded-doc-button');

    /** Nothing of `target` is under the button, and what is drawn at its centre is the target itself. */
    const expectUncovered = async (target: Locator, what: string) => {
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      const button = (await uploadedDoc.boundingBox())!;
      expect(overlaps(box, button), `${what} under 'Uploaded Doc'`).toBe(false);
      const onTop = await target.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        const hit = document.elementFromPoint(x + width / 2, y + height / 2);
        return hit !== null && (element.contains(hit) || hit.contains(element));
      });
      expect(onTop, `${what} drawn on top at its centre`).toBe(true);
      // Scrolled to the very bottom too, where a floating button would sit over the last fields.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(overlaps((await target.boundingBox())!, (await uploadedDoc.boundingBox())!), `${what} under 'Uploaded Doc' at the bottom`).toBe(false);
    };

    await start.getByTestId('supporting-files-input').setInputFiles([files.pdf]);
    await start.getByTestId('document-logo-input').setInputFiles(files.logo);
    await start.getByLabel('Product Name').fill('Layout Catheter');
    await start.getByRole('radio', { name: 'Online' }).check();
    await start.getByRole('radio', { name: 'Record' }).check();
    await start.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('listbox').getByRole('option', { name: LONG_CUSTOMER }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await start.getByRole('combobox', { name: 'Approver' }).click();
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(approver.email.replace(/\./g, '\\.')) }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await start.getByRole('group', { name: 'Effective Date' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('01122026');
    await start.getByLabel('Description of Change').fill('Layout check');
    await start.getByLabel('Justification of Change').fill('Nothing covered');
    await expectUncovered(start.getByLabel('Justification of Change'), 'Start: Justification of Change');

    await start.getByRole('button', { name: DOCUMENT_MESSAGES.uploadAllFile }).click();
    const upload = page.getByTestId('upload-parent-dialog');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    await expectUncovered(start.getByRole('button', { name: 'Next' }), 'Start: Next');
    await start.getByRole('button', { name: 'Next' }).click();

    const child = page.getByTestId('wizard-child');
    await child.getByLabel('IFU Number').waitFor();
    await expectUncovered(child.getByLabel('Justification of Change'), 'Change/New: Justification of Change');
    await expectUncovered(child.getByRole('button', { name: 'Next' }), 'Change/New: Next');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/layout-${viewport.name}-wizard-child.png`, fullPage: true, animations: 'disabled' });
  };

  /** At 1280 px, Edit parent with a new PDF shows the bytes sent, then Processing… until the server answers, then the document. */
  const editParentProgress = async (page: Page) => {
    await page.goto(`${product.adminUrl}/document/editparent/${editedOrder}`);
    const form = page.getByTestId('edit-parent-form');
    await form.getByTestId('supporting-files-input').setInputFiles([files.pdf]);
    await form.getByLabel('Username').fill(AUTHOR.email);
    await form.getByLabel('Password', { exact: true }).fill(AUTHOR.password);
    await form.getByLabel('Comments').fill('A new supporting file');
    // Every state the upload shows, read in the page as it changes (the request may be quick).
    // The bytes line is read there too: the upload answers at once, so it may be gone before a locator
    // here could read it.
    await page.evaluate(() => {
      const seen: string[] = [];
      const state = window as unknown as { phases: string[]; bytesWhileProcessing?: string };
      state.phases = seen;
      new MutationObserver(() => {
        const phase = document.querySelector('[data-testid="upload-phase"]')?.textContent;
        if (phase && seen.at(-1) !== phase) seen.push(phase);
        const bytes = document.querySelector('[data-testid="upload-bytes"]')?.textContent;
        if (phase === 'Processing…' && bytes) state.bytesWhileProcessing = bytes;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await form.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(`**/document/view/${editedOrder}`, { timeout: 30_000 });
    const { phases, bytesWhileProcessing } = await page.evaluate(() => {
      const state = window as unknown as { phases: string[]; bytesWhileProcessing?: string };
      return { phases: state.phases, bytesWhileProcessing: state.bytesWhileProcessing };
    });
    expect(bytesWhileProcessing).toMatch(/kB sent; the server is checking and storing the files/);
    expect(phases.at(-1)).toBe('Processing…');
    expect(phases.filter((phase) => phase === 'Processing…')).toHaveLength(1);
  };

  /** At 1280 px, the customer approve modal has its headings in order (axe, heading-order included). */
  const customerApproveHeadings = async (page: Page) => {
    await page.goto(`${product.adminUrl}/managecustomer`);
    const grid = page.getByTestId('customers-grid');
    await grid.getByRole('row').filter({ hasText: 'Heading Order Clinic' }).getByRole('button', { name: 'Approve Heading Order Clinic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer Approve' });
    await dialog.waitFor();
    /** The dialog's heading levels: from its title (h2) down, never skipping one. */
    const levels = () => dialog.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
    const expectInOrder = (found: number[]) => {
      expect(found[0]).toBe(2);
      found.slice(1).forEach((level, index) => expect(level, `heading ${index + 2} of ${found.join(',')}`).toBeLessThanOrEqual(found[index]! + 1));
    };
    expectInOrder(await levels());
    await expectAccessible(page, 'layout', DESKTOP, 'customer-approve-modal');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByLabel('Username').waitFor();
    expectInOrder(await levels());
    await expectAccessible(page, 'layout', DESKTOP, 'customer-approve-modal-signature');
  };

  /**
   * At 1280 px, after the approver approves on the view, the status badge says Approved when the toast does, not when
   * the page's own refresh comes 2 s later. The page's clock (installed before it loaded) is stopped before Submit and
   * then moved on by the test in small steps: what the page shows is read at a known page time, whatever the machine's load.
   */
  const approvedBadge = async (page: Page) => {
    await page.goto(`${product.adminUrl}/document/view/${approvedOrder}`);
    await page.getByTestId('view-status').filter({ hasText: 'Approval Pending' }).waitFor();
    await page.getByTestId('approval-panel').getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document Approve' });
    await dialog.getByLabel('Username').fill(approver.email);
    await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
    await dialog.getByLabel('Confirm Password').fill(approver.password);
    // Stopped a moment ahead of the page's time (the page's timers due by then run first, as they would anyway).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const decided = page.waitForResponse((response) => response.url().endsWith('/document/approveDocuments') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect((await decided).status()).toBe(200);
    // Page time since the answer at which the toast, then the Approved badge, first showed.
    const shown = { toast: undefined as number | undefined, approved: undefined as number | undefined };
    for (let pageMs = 0; pageMs <= PAGE_REFRESH_AFTER_APPROVAL_MS + 1_000; pageMs += CLOCK_STEP_MS) {
      const now = await page.evaluate(
        (text) => ({
          toast: [...document.querySelectorAll('[data-testid="toast"]')].some((element) => element.textContent?.includes(text)),
          approved: document.querySelector('[data-testid="view-status"]')?.textContent?.includes('Approved') ?? false,
        }),
        DOCUMENT_MESSAGES.approved,
      );
      if (now.toast) shown.toast ??= pageMs;
      if (now.approved) shown.approved ??= pageMs;
      if (shown.toast !== undefined && shown.approved !== undefined) break;
      await page.clock.runFor(CLOCK_STEP_MS);
    }
    expect(shown.toast, 'the toast showed').toBeDefined();
    expect(shown.approved, 'the badge said Approved before the page refreshed itself').toBeLessThan(PAGE_REFRESH_AFTER_APPROVAL_MS);
    expect(shown.approved! - shown.toast!).toBeLessThan(1000);
    await page.clock.resume();
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    const desktop = viewport.name === DESKTOP.name;
    it(
      `at ${viewport.width} px (${viewport.name}): the login card keeps its box from the username step to the password step, the white product name on the dark band; ` +
        `then as the author${desktop ? ', the Customer, Type and Email texts of the documents, customers and users grids show whole (no cell or header cut),' : ''} ` +
        `'Uploaded Doc' covers neither the Justification field nor Next, on Start and on Change/New` +
        `${desktop ? '; Edit parent with a new PDF shows the bytes sent, then Processing… until the server answers, then the document' : ''}`,
      async () => {
        const page = await newPage(viewport);
        await loginCard(page, viewport);
        await logInReusingSession(page, product, AUTHOR.email, AUTHOR.password);
        if (desktop) await wholeGridTexts(page);
        await uploadedDocUncovering(page, viewport);
        if (desktop) await editParentProgress(page);
      },
      300_000,
    );
  }

  it('at 1280 px (desktop), as the approver: the customer approve modal has its headings in order (axe, heading-order included); after approving on the view, the status badge says Approved when the toast does, not 2 s later', async () => {
    const page = await newPage(DESKTOP);
    // Before the page loads: the badge's check moves the page's clock (until then it runs as a real one).
    await page.clock.install();
    await logInReusingSession(page, product, approver.email, approver.password);
    await customerApproveHeadings(page);
    await approvedBadge(page);
  }, 180_000);
});
