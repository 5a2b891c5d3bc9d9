import { NOTIFICATION_MESSAGES } from '@ifu/contracts';
import type { Notification } from '@ifu/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_SMALL_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { installClock, pauseClock } from '../test-support/page-clock';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, type Signer } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';
import { expectNone } from '../test-support/list-expectations';

const [DESKTOP, PHONE] = DESKTOP_AND_SMALL_PHONE;
/** A notice chosen for editing opens, and a saved one goes back to the list, after 1 second (spec §9). */
const REDIRECT_MS = 1_000;

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

  /** A page in a browser context of its own; `clock`: its timers run on Playwright's clock (page-clock.ts). */
  const newPage = async (viewport: { width: number; height: number }, { clock = false } = {}): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    if (clock) await installClock(context);
    return context.newPage();
  };

  const logIn = async (viewport: { width: number; height: number }, email = ADMIN.email, password = ADMIN.password): Promise<Page> => {
    const page = await newPage(viewport, { clock: true });
    await logInReusingSession(page, product, email, password);
    return page;
  };

  /** The page's path as it is now (a single-page navigation changes it without a load). */
  const pathOf = (page: Page) => page.evaluate(() => location.pathname);

  const title = (page: Page, text: string) => expect.poll(() => page.getByTestId('page-title').textContent()).toBe(text);
  const grid = (page: Page) => page.getByTestId('notifications-grid');
  const form = (page: Page) => page.getByTestId('notification-form');
  const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });
  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
  const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/notifications-${name}.png`, fullPage: true, animations: 'disabled' });

  /** An ADMIN's API session, opened once for the file: each login is a password check and a session written. */
  let adminToken: string | undefined;
  const apiToken = async (): Promise<string> => (adminToken ??= await product.api.login(ADMIN.email, ADMIN.password));

  /** The notices as the API lists them now. */
  const listed = async (): Promise<Notification[]> => {
    const token = await apiToken();
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

  /**
   * Submits the form; the success toast, then the list 1 second later (spec §4, §9), on the page's clock: still the
   * form just before the second is up, the list then.
   */
  const submit = async (page: Page, button: 'Add' | 'Update') => {
    const answered = page.waitForResponse((r) => r.url().includes(button === 'Add' ? '/user/addNotification' : '/user/updateNotification'));
    const formPath = await pathOf(page);
    const clock = await pauseClock(page);
    await form(page).getByRole('button', { name: button, exact: true }).click();
    await clock.runUntil(() => toast(page, NOTIFICATION_MESSAGES.formAdded).first().isVisible(), 'the saved toast');
    expect((await answered).status()).toBe(200);
    await clock.expectTimer(
      REDIRECT_MS,
      async () => expect(await pathOf(page)).toBe(formPath),
      async () => expect.poll(() => pathOf(page)).toBe('/managenotification'),
    );
    await page.waitForURL('**/managenotification');
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

  /**
   * At one width: an ADMIN (logged in on `page`) adds a global, a customer and a product notice, edits one (its page
   * opens 1 second after the icon) and deletes one after its confirmation; the visitor's page follows.
   */
  const addEditDelete = async (page: Page, viewport: Viewport) => {
    const tag = viewport.name;
    const globalText = `Portal maintenance on Friday (${tag})`;
    const customerText = `New IFU layout for the clinic (${tag})`;
    const editedText = `New IFU layout from Monday (${tag})`;
    const productText = `Lot LOT-NOTICE-1 is recalled (${tag})`;

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
    const choosing = await pauseClock(page);
    await forCustomer.getByRole('button', { name: `Edit notification ${customerNotice.id}` }).click();
    await choosing.expectTimer(
      REDIRECT_MS,
      async () => expect(await pathOf(page)).toBe('/managenotification'),
      async () => expect.poll(() => pathOf(page)).toBe(`/notification/update/${customerNotice.id}`),
    );
    await page.waitForURL(`**/notification/update/${customerNotice.id}`);
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
    expectNone(await listed(), (n) => n.id === globalNotice.id);
    // The visitor's page follows: the edited text instead of the old one, the deleted notice gone.
    const after = await publicPage(viewport);
    expect(after).toContain(editedText);
    expect(after).not.toContain(customerText);
    expect(after).not.toContain(globalText);
  };

  it(`at ${DESKTOP.width} px (desktop): an ADMIN adds a global, a customer and a product notice, edits one after 1 second and deletes one after its confirmation; a notice deleted elsewhere meanwhile fails with the server message and an unknown one says it is not found; 10 notices or more page at 10, 25, 50 or 100; a refusing or failing server is said (Failed to add/update notification!!, Failed to fetch notifications !!); a USER has neither the menu entry nor the routes`, async () => {
    const page = await logIn(DESKTOP);
    await addEditDelete(page, DESKTOP);

    // A notice deleted elsewhere meanwhile: its delete fails with the server message and the list refreshes.
    const token = await apiToken();
    const text = 'A notice deleted by someone else';
    const created = await product.api.call('POST', '/user/addNotification', { token, body: { customerID: null, productID: null, notificationText: text } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(NOTIFICATION_MESSAGES.added);
    const id = (created.body.notification as Notification).id;

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

    // 10 notices or more: the list pages them at 10, 25, 50 or 100.
    const paged: number[] = [];
    for (let index = 1; index <= 11; index += 1) {
      const created = await product.api.call('POST', '/user/addNotification', { token, body: { notificationText: `Paged notice ${index}` } });
      expect(created.status).toBe(200);
      paged.push((created.body.notification as Notification).id);
    }
    await page.goto(`${product.adminUrl}/managenotification`);
    const pagination = page.locator('.MuiTablePagination-root');
    await pagination.waitFor();
    // 10 rows on the first page (plus the header row).
    expect(await grid(page).getByRole('row').count()).toBe(11);
    await pagination.getByRole('combobox').click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['10', '25', '50', '100']);
    await page.keyboard.press('Escape');
    // Gone again, so that the other width's flow finds its new notices on the first page whichever runs first.
    for (const id of paged) expect((await product.api.call('DELETE', '/user/deleteNotification', { token, body: { id } })).status).toBe(200);

    // The server refuses or fails: the form says so and stays; the list says so.
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

    // A USER: no Manage Notification in the menu, and its routes lead to the documents.
    const user = { email: 'uma.user@example.com', password: 'user passphrase 1' };
    await product.api.createUser({ ...user, role: 'USER', firstName: 'Uma', lastName: 'User' });
    const userPage = await logIn(DESKTOP, user.email, user.password);
    expect(await userPage.getByTestId('side-menu').getByText('Manage Notification', { exact: true }).count()).toBe(0);
    for (const path of ['/managenotification', '/notification/add', '/notification/update/1']) {
      await userPage.goto(`${product.adminUrl}${path}`);
      await userPage.waitForURL('**/document/list');
    }
    // The API refuses them too.
    const userToken = await product.api.login(user.email, user.password);
    expect((await product.api.call('GET', '/user/listNotification/', { token: userToken })).status).toBe(403);
  }, 240_000);

  it(`at ${PHONE.width} px (phone): an ADMIN adds a global, a customer and a product notice, edits one after 1 second and deletes one after its confirmation`, async () => {
    await addEditDelete(await logIn(PHONE), PHONE);
  }, 120_000);
});
