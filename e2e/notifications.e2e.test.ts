import { NOTIFICATION_MESSAGES } from '@ifu/contracts';
import type { Notification } from '@ifu/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_SMALL_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, type Signer } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_SMALL_PHONE;

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
/** The approved customer with an approved product family, another approved one, and one still pending. */
const CLINIC = 'Notice Clinic';
const OTHER = 'Other Hospital';
const PENDING = 'Pending Practice';
const FAMILY = 'Notice Stent';

describe.skipIf(skipUnless(['chromium']))('Manage Notification in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  let approver: Signer;
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    approver = { email: 'nora.notices@example.com', password: 'approver passphrase 1', id: '' };
    approver.id = await product.api.createUser({ ...approver, role: 'ADMIN', firstName: 'Nora', lastName: 'Notices' });
    const clinicId = await arrangeApprovedCustomer(product.api, ADMIN, approver, CLINIC);
    await arrangeApprovedCustomer(product.api, ADMIN, approver, OTHER);
    // Registered, never decided: not offered for notices (spec §1: only approved customers are targeted).
    await arrangeRegisteredCustomer(product.api, ADMIN, approver.id, PENDING);
    // The clinic's product family, approved (GET /document/getProductByCustomer answers approved families only).
    const order = await arrangeChangeOrder(product.api, {
      author: ADMIN,
      approverId: approver.id,
      customerId: clinicId,
      productName: FAMILY,
      children: [{ lotNumber: 'LOT-NOTICE-1', partNumber: 'PN-NOTICE' }],
    });
    await arrangeDecision(product.api, { parentChangeId: order.parentChangeId, approver, approve: true });
  }, 180_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    return context.newPage();
  };

  const logIn = async (viewport: { width: number; height: number }, email = ADMIN.email, password = ADMIN.password): Promise<Page> => {
    const page = await newPage(viewport);
    await logInReusingSession(page, product, email, password);
    return page;
  };

  const title = (page: Page, text: string) => expect.poll(() => page.getByTestId('page-title').textContent()).toBe(text);
  const grid = (page: Page) => page.getByTestId('notifications-grid');
  const form = (page: Page) => page.getByTestId('notification-form');
  const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });
  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
  const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/notifications-${name}.png`, fullPage: true, animations: 'disabled' });

  /** The notices as the API lists them now. */
  const listed = async (): Promise<Notification[]> => {
    const token = await product.api.login(ADMIN.email, ADMIN.password);
    const response = await product.api.call('GET', '/user/listNotification/', { token });
    expect(response.status).toBe(200);
    return response.body.list as Notification[];
  };
  const noticeWith = async (text: string): Promise<Notification> => {
    const notice = (await listed()).find((n) => n.notificationText === text);
    expect(notice, text).toBeDefined();
    return notice!;
  };

  /** Picks an option of one of the form's selects (MUI: a combobox that opens a listbox). */
  const choose = async (page: Page, select: Locator, option: string) => {
    await select.click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  };
  const options = async (page: Page, select: Locator): Promise<string[]> => {
    await select.click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    const texts = await listbox.getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });
    return texts;
  };

  /** Fills the form and submits it; waits for the success toast and the list, 1 second later (spec §4, §9). */
  const submit = async (page: Page, button: 'Add' | 'Update') => {
    const answered = page.waitForResponse((r) => r.url().includes(button === 'Add' ? '/user/addNotification' : '/user/updateNotification'));
    // Timed from the click: the page's 1-second timer starts when it has the answer, which is after the click but may
    // be before this test hears of the response (a busy machine delays that event).
    const savedAt = Date.now();
    await form(page).getByRole('button', { name: button, exact: true }).click();
    expect((await answered).status()).toBe(200);
    await toast(page, NOTIFICATION_MESSAGES.formAdded).first().waitFor();
    await page.waitForURL('**/managenotification');
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(900);
    await title(page, 'Notification List');
  };

  /** The customer's public page (customer portal) as a visitor sees it now: its text once its notices have loaded. */
  const publicPage = async (viewport: Viewport) => {
    const visitor = await newPage(viewport);
    await visitor.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(CLINIC)}`);
    await visitor.getByRole('heading', { name: CLINIC, level: 1 }).waitFor();
    await visitor.getByText(FAMILY).first().waitFor();
    const text = (await visitor.locator('main').textContent()) ?? '';
    await visitor.context().close();
    return text;
  };

  const openManageNotification = async (page: Page, viewport: Viewport) => {
    if (viewport.width < 900) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('side-menu').getByText('Manage Notification', { exact: true }).click();
    await page.waitForURL('**/managenotification');
    await title(page, 'Notification List');
  };

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px (${viewport.name}): an ADMIN adds a global, a customer and a product notice, edits one after 1 second and deletes one after its confirmation`, async () => {
      const tag = viewport.name;
      const globalText = `Portal maintenance on Friday (${tag})`;
      const customerText = `New IFU layout for the clinic (${tag})`;
      const editedText = `New IFU layout from Monday (${tag})`;
      const productText = `Lot LOT-NOTICE-1 is recalled (${tag})`;

      const page = await logIn(viewport);
      await openManageNotification(page, viewport);
      const list = grid(page);
      await list.waitFor();
      if (viewport.name === 'desktop') {
        await list.getByRole('columnheader', { name: 'ACTION', exact: true }).waitFor();
        for (const header of ['ID', 'Notification', 'Customer', 'Product', 'ACTION']) {
          expect(await list.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
        }
      }
      // Paging only from 10 notices (spec §9), whatever earlier tests left.
      const footers = (await listed()).length >= 10 ? 1 : 0;
      await expect.poll(() => page.locator('.MuiTablePagination-root').count()).toBe(footers);

      // Add: the button is disabled while the message is empty; an emptied message says so.
      await page.getByRole('link', { name: 'Add Notification' }).click();
      await page.waitForURL('**/notification/add');
      await title(page, 'Add Notification');
      const f = form(page);
      const customers = f.getByRole('combobox', { name: 'Customers' });
      const products = f.getByRole('combobox', { name: 'Products' });
      const message = f.getByRole('textbox', { name: 'Notification Message' });
      const add = f.getByRole('button', { name: 'Add', exact: true });
      expect(await add.isDisabled()).toBe(true);
      expect(await customers.textContent()).toBe('All');
      expect(await products.getAttribute('aria-disabled')).toBe('true');
      await message.fill('x');
      expect(await add.isEnabled()).toBe(true);
      await message.fill('');
      await message.blur();
      await f.getByText(NOTIFICATION_MESSAGES.messageRequired, { exact: true }).waitFor();
      expect(await add.isDisabled()).toBe(true);
      if (viewport.name === 'phone') expect(await overflows(page)).toBe(false);
      await shot(page, `form-empty-${tag}`);
      // Approved customers only, after 'All'.
      const offered = await options(page, customers);
      expect(offered[0]).toBe('All');
      expect(offered).toEqual(expect.arrayContaining([CLINIC, OTHER]));
      expect(offered).not.toContain(PENDING);

      // (1) A global notice: All customers, All products.
      await message.fill(globalText);
      await submit(page, 'Add');
      const global = row(page, globalText);
      await global.waitFor();
      if (viewport.name === 'desktop') {
        const cells = await global.getByRole('gridcell').allTextContents();
        expect(cells.slice(1, 4)).toEqual([globalText, 'All', 'All']);
      } else {
        expect(await global.getByTestId('notification-targets').textContent()).toBe('All · All');
      }

      // (2) A customer notice: the products load once the customer is chosen, 'All' kept.
      await page.getByRole('link', { name: 'Add Notification' }).click();
      await page.waitForURL('**/notification/add');
      await choose(page, customers, CLINIC);
      await expect.poll(() => products.getAttribute('aria-disabled')).toBeNull();
      await expect.poll(() => options(page, products)).toEqual(['All', FAMILY]);
      await message.fill(customerText);
      await submit(page, 'Add');
      const forCustomer = row(page, customerText);
      await forCustomer.waitFor();
      if (viewport.name === 'desktop') expect((await forCustomer.getByRole('gridcell').allTextContents()).slice(2, 4)).toEqual([CLINIC, 'All']);
      else expect(await forCustomer.getByTestId('notification-targets').textContent()).toBe(`${CLINIC} · All`);

      // (3) A product notice; changing the customer resets the product to All.
      await page.getByRole('link', { name: 'Add Notification' }).click();
      await page.waitForURL('**/notification/add');
      await choose(page, customers, CLINIC);
      await expect.poll(() => products.getAttribute('aria-disabled')).toBeNull();
      await choose(page, products, FAMILY);
      expect(await products.textContent()).toBe(FAMILY);
      await choose(page, customers, OTHER);
      expect(await products.textContent()).toBe('All');
      await choose(page, customers, CLINIC);
      await choose(page, products, FAMILY);
      await message.fill(productText);
      if (viewport.name === 'phone') expect(await overflows(page)).toBe(false);
      await shot(page, `form-product-${tag}`);
      await submit(page, 'Add');
      const forProduct = row(page, productText);
      await forProduct.waitFor();
      if (viewport.name === 'desktop') expect((await forProduct.getByRole('gridcell').allTextContents()).slice(2, 4)).toEqual([CLINIC, FAMILY]);
      else expect(await forProduct.getByTestId('notification-targets').textContent()).toBe(`${CLINIC} · ${FAMILY}`);
      const stored = await noticeWith(productText);
      expect(stored).toMatchObject({ customerName: CLINIC, productName: FAMILY });
      expect(stored.customerID).toBeTruthy();
      expect(stored.productID).toBeTruthy();
      expect((await noticeWith(globalText)).customerID).toBeNull();
      if (viewport.name === 'phone') expect(await overflows(page)).toBe(false);
      await shot(page, `list-${tag}`);
      // The visitor's page shows the global and the customer notice (the product notice is on the family's search page).
      const shown = await publicPage(viewport);
      expect(shown).toContain(globalText);
      expect(shown).toContain(customerText);
      expect(shown).not.toContain(productText);

      // (4) Edit: the update page opens 1 second after the icon, with the stored values.
      const customerNotice = await noticeWith(customerText);
      const clickedAt = Date.now();
      await forCustomer.getByRole('button', { name: `Edit notification ${customerNotice.id}` }).click();
      await page.waitForURL(`**/notification/update/${customerNotice.id}`);
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
      await title(page, 'Update Notification');
      await expect.poll(() => message.inputValue()).toBe(customerText);
      expect(await customers.textContent()).toBe(CLINIC);
      expect(await products.textContent()).toBe('All');
      await message.fill(editedText);
      await submit(page, 'Update');
      await row(page, editedText).waitFor();
      expect(await row(page, customerText).count()).toBe(0);
      expect((await noticeWith(editedText)).id).toBe(customerNotice.id);

      // (5) Delete, after the confirmation with the spec's text.
      const globalNotice = await noticeWith(globalText);
      await row(page, globalText).getByRole('button', { name: `Delete notification ${globalNotice.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Notification' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('delete-notification-question').textContent()).toBe(NOTIFICATION_MESSAGES.confirmDelete(globalNotice.id));
      expect(await dialog.getByText(`Are you sure, you want to remove notification Id ${globalNotice.id}`, { exact: true }).count()).toBe(1);
      if (viewport.name === 'phone') {
        const box = await dialog.getByRole('button', { name: 'Delete' }).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      await shot(page, `delete-dialog-${tag}`);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page, NOTIFICATION_MESSAGES.deleted).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row(page, globalText).waitFor({ state: 'detached' });
      expect((await listed()).some((n) => n.id === globalNotice.id)).toBe(false);
      // The visitor's page follows: the edited text instead of the old one, the deleted notice gone.
      const after = await publicPage(viewport);
      expect(after).toContain(editedText);
      expect(after).not.toContain(customerText);
      expect(after).not.toContain(globalText);
    }, 120_000);
  }

  it('when a notice was deleted elsewhere meanwhile, then its delete fails with the server message and the list refreshes; an unknown notice says it is not found', async () => {
    const token = await product.api.login(ADMIN.email, ADMIN.password);
    const text = 'A notice deleted by someone else';
    const created = await product.api.call('POST', '/user/addNotification', { token, body: { customerID: null, productID: null, notificationText: text } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(NOTIFICATION_MESSAGES.added);
    const id = (created.body.notification as Notification).id;

    const page = await logIn({ width: 1280, height: 800 });
    await page.goto(`${product.adminUrl}/managenotification`);
    await row(page, text).getByRole('button', { name: `Delete notification ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Notification' });
    await dialog.waitFor();
    const gone = await product.api.call('DELETE', '/user/deleteNotification', { token, body: { id } });
    expect(gone.status).toBe(200);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const failed = toast(page, NOTIFICATION_MESSAGES.deleteFailed);
    await failed.waitFor();
    // The spec's text, then the server's own message.
    expect((await failed.textContent())!.length).toBeGreaterThan(NOTIFICATION_MESSAGES.deleteFailed.length);
    await row(page, text).waitFor({ state: 'detached' });

    await page.goto(`${product.adminUrl}/notification/update/${id}`);
    await title(page, 'Update Notification');
    await page.getByTestId('notification-not-found').waitFor();
    expect(await page.getByTestId('notification-not-found').textContent()).toContain(`Notification ${id} was not found`);
    // The back arrow leads to the list.
    await page.getByRole('link', { name: 'Back to Notification List' }).click();
    await page.waitForURL('**/managenotification');
  });

  it('when the server refuses or fails, then the form says Failed to add/update notification!! and stays, and the list says Failed to fetch notifications !!', async () => {
    const page = await logIn({ width: 1280, height: 800 });
    await page.route((url) => url.pathname === '/user/addNotification', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Refused in a test', code: 'test-refusal' }) }),
    );
    await page.goto(`${product.adminUrl}/notification/add`);
    await form(page).getByRole('textbox', { name: 'Notification Message' }).fill('Never stored');
    await form(page).getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, `${NOTIFICATION_MESSAGES.formFailed} Refused in a test`).waitFor();
    expect(page.url()).toMatch(/\/notification\/add$/);
    expect(await form(page).getByRole('button', { name: 'Add', exact: true }).isEnabled()).toBe(true);

    await page.route((url) => url.pathname.startsWith('/user/listNotification'), (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Broken in a test', code: 'test-failure' }) }),
    );
    await page.goto(`${product.adminUrl}/managenotification`);
    const alert = page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.listFailed });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(1);
  });

  it('when there are 10 notices or more, then the list pages them at 10, 25, 50 or 100', async () => {
    const token = await product.api.login(ADMIN.email, ADMIN.password);
    for (let index = 1; index <= 11; index += 1) {
      const created = await product.api.call('POST', '/user/addNotification', { token, body: { notificationText: `Paged notice ${index}` } });
      expect(created.status).toBe(200);
    }
    const page = await logIn({ width: 1280, height: 800 });
    await page.goto(`${product.adminUrl}/managenotification`);
    const pagination = page.locator('.MuiTablePagination-root');
    await pagination.waitFor();
    // 10 rows on the first page (plus the header row).
    expect(await grid(page).getByRole('row').count()).toBe(11);
    await pagination.getByRole('combobox').click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['10', '25', '50', '100']);
    await page.keyboard.press('Escape');
  });

  it('when a USER logs in, then Manage Notification is not in the menu and its routes send them to the documents', async () => {
    const user = { email: 'uma.user@example.com', password: 'user passphrase 1' };
    await product.api.createUser({ ...user, role: 'USER', firstName: 'Uma', lastName: 'User' });
    const page = await logIn({ width: 1280, height: 800 }, user.email, user.password);
    expect(await page.getByTestId('side-menu').getByText('Manage Notification', { exact: true }).count()).toBe(0);
    for (const path of ['/managenotification', '/notification/add', '/notification/update/1']) {
      await page.goto(`${product.adminUrl}${path}`);
      await page.waitForURL('**/document/list');
    }
    // The API refuses them too.
    const token = await product.api.login(user.email, user.password);
    expect((await product.api.call('GET', '/user/listNotification/', { token })).status).toBe(403);
  });
});
