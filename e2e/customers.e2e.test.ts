import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { installClock, pauseClock } from '../test-support/page-clock';
import { PNG_1X1 } from '../test-support/images';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { reviewedCustomer } from '../test-support/reviewed-versions';
import { skipUnless } from '../test-support/machine-needs';

const APPROVER = { email: 'alma.approver@example.com', password: 'approver passphrase 1', firstName: 'Alma', lastName: 'Approver' };
const [DESKTOP, PHONE] = DESKTOP_AND_PHONE;
const SMALL_PHONE = { width: 360, height: 740 };
/** How long 'URL Copied' shows (spec §2.2, §9): on the page's clock, not waited for. */
const URL_COPIED_MS = 3_000;

describe.skipIf(skipUnless(['chromium']))('Manage Customer in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  let approverId: string;
  let logoDir: string;
  let logoPath: string;
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    logoDir = mkdtempSync(join(tmpdir(), 'ifu-logo-'));
    logoPath = join(logoDir, 'acme-logo.png');
    writeFileSync(logoPath, PNG_1X1);
    approverId = await product.api.createUser({ ...APPROVER, role: 'ADMIN' });
  });
  afterAll(() => {
    if (logoDir) rmSync(logoDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  /**
   * A logged-in page in its own browser context (its own local storage, so its own session); its timers run on
   * Playwright's clock (page-clock.ts), at real speed until a test pauses it.
   */
  const logIn = async (email: string, password: string, viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    await installClock(context);
    const page = await context.newPage();
    await logInReusingSession(page, product, email, password);
    return page;
  };

  const openCustomers = async (page: Page) => {
    await page.goto(`${product.adminUrl}/managecustomer`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Manage Customer');
    return page.getByTestId('customers-grid');
  };

  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
  const row = (grid: Locator, name: string) => grid.getByRole('row').filter({ hasText: name });

  /** An ADMIN's API session, opened once for the file: each login is a password check and a session written. */
  let adminToken: string | undefined;
  const apiToken = async (): Promise<string> => (adminToken ??= await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD));

  /** Registers a customer through the API (multipart, as the form sends it), with the approver chosen above. */
  const addCustomerViaApi = async (customerName: string, contactEmail: string) => {
    const token = await apiToken();
    const body = new FormData();
    body.set('customerName', customerName);
    body.set('contactInformation', '4930901820');
    body.set('contactEmail', contactEmail);
    body.set('countryExclusionList', 'FR,IT');
    body.set('customerWebsiteLink', 'https://example.com');
    body.set('approverId', approverId);
    body.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
    const response = await fetch(`${product.api.url}/customer/add`, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  };

  /** Whether an <img> has loaded real image data (the logo travels as a blob: URL). */
  const imageLoaded = (image: Locator) =>
    image.evaluate((element) => {
      const img = element as HTMLImageElement;
      return img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:');
    });

  /** An ADMIN adds a customer with a logo; a second ADMIN approves it with their signature: Approved, with a search URL that opens the customer page. */
  const addAndApprove = async (admin: Page, approver: Page) => {
    await admin.getByTestId('side-menu').getByText('Manage Customer', { exact: true }).click();
    await admin.waitForURL('**/managecustomer');
    const adminGrid = admin.getByTestId('customers-grid');
    await adminGrid.getByRole('columnheader', { name: 'ACTION', exact: true }).waitFor();
    for (const header of ['No', 'Name', 'E-Mail', 'Country', 'Status', 'ACTION']) {
      expect(await adminGrid.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    }

    // The form: empty submit first, then wrong values, with the spec's messages.
    await admin.getByRole('link', { name: 'Add Customer' }).click();
    await admin.waitForURL('**/addcustomer/create');
    const form = admin.getByTestId('customer-form');
    const submit = form.getByRole('button', { name: 'Add Customer' });
    await submit.click();
    for (const message of [
      CUSTOMER_MESSAGES.nameRequired,
      CUSTOMER_MESSAGES.contactRequired,
      CUSTOMER_MESSAGES.emailRequired,
      CUSTOMER_MESSAGES.approverRequired,
      CUSTOMER_MESSAGES.logoRequired,
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    await form.getByLabel('Name').fill('12345');
    await form.getByLabel('Contact Number').fill('555-0102');
    await form.getByLabel('Email', { exact: true }).fill('contact@acme');
    await form.getByLabel('Website link').fill('acme dot example');
    await submit.click();
    for (const message of [
      CUSTOMER_MESSAGES.notANumber,
      CUSTOMER_MESSAGES.contactLength,
      CUSTOMER_MESSAGES.emailInvalid,
      CUSTOMER_MESSAGES.invalidUrl,
      CUSTOMER_MESSAGES.approverRequired,
      CUSTOMER_MESSAGES.logoRequired,
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(admin.url()).toMatch(/\/addcustomer\/create$/);
    await admin.screenshot({ path: `${SCREENSHOTS}/customer-form-errors.png`, fullPage: true, animations: 'disabled' });

    // Now valid values: a logo, two countries and the second ADMIN as approver.
    await form.getByLabel('Name').fill('Acme Medical');
    await form.getByLabel('Contact Number').fill('+1 (555) 010-2030');
    await form.getByTestId('customer-logo-input').setInputFiles(logoPath);
    await expect.poll(() => form.getByTestId('customer-logo-name').textContent()).toBe('acme-logo.png');
    await expect.poll(() => imageLoaded(form.getByTestId('customer-logo-preview'))).toBe(true);
    await form.getByLabel('Email', { exact: true }).fill('contact@acme.example');
    const country = form.getByRole('combobox', { name: 'Country' });
    await country.fill('Germ');
    await admin.getByRole('option', { name: 'Germany', exact: true }).click();
    await country.fill('United Sta');
    await admin.getByRole('option', { name: 'United States', exact: true }).click();
    await admin.keyboard.press('Escape');
    await form.getByRole('combobox', { name: 'Approver' }).click();
    // The list holds the other active ADMINs, not the person filling in the form.
    const approverOptions = admin.getByRole('listbox').getByRole('option');
    await expect.poll(() => approverOptions.allTextContents()).toEqual([`Alma Approver (${APPROVER.email})`]);
    await approverOptions.first().click();
    await form.getByLabel('Website link').fill('https://acme.example');
    await submit.click();
    await toast(admin, CUSTOMER_MESSAGES.added).waitFor();
    await admin.waitForURL('**/managecustomer');

    const acme = row(adminGrid, 'Acme Medical');
    await acme.waitFor();
    expect(await acme.getByTestId('customer-status').textContent()).toBe('Approval Pending');
    expect(await acme.textContent()).toContain('contact@acme.example');
    expect(await acme.textContent()).toContain('Germany, United States');
    expect(await acme.getByRole('button', { name: 'View Acme Medical' }).count()).toBe(1);
    expect(await acme.getByRole('button', { name: 'Edit Acme Medical' }).count()).toBe(1);
    // The registering ADMIN is not the approver: no key; not approved: no search URL.
    expect(await acme.getByRole('button', { name: 'Approve Acme Medical' }).count()).toBe(0);
    expect(await acme.getByRole('button', { name: 'Copy search URL of Acme Medical' }).count()).toBe(0);
    // Fewer than 10 rows: no pagination footer (spec §2.13).
    expect(await admin.locator('.MuiTablePagination-root').count()).toBe(0);

    // The approver signs: a mismatched confirmation first.
    await approver.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.adminUrl });
    const grid = await openCustomers(approver);
    await row(grid, 'Acme Medical').getByRole('button', { name: 'Approve Acme Medical' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Customer Approve' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('approve-customer-email').textContent()).toBe('contact@acme.example');
    expect(await dialog.getByTestId('approve-customer-mobile').textContent()).toBe('15550102030');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByLabel('Username').fill(APPROVER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(APPROVER.password);
    await dialog.getByLabel('Confirm Password').fill('not the same passphrase');
    await dialog.getByText(CUSTOMER_MESSAGES.passwordMismatch, { exact: true }).waitFor();
    expect(await dialog.getByTestId('approval-submit').count()).toBe(0);
    await approver.screenshot({ path: `${SCREENSHOTS}/customer-approve-dialog.png`, animations: 'disabled' });
    await dialog.getByLabel('Confirm Password').fill(APPROVER.password);
    await expect.poll(() => dialog.getByText(CUSTOMER_MESSAGES.passwordMismatch, { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(approver, 'Customer approved').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const approved = row(grid, 'Acme Medical');
    await expect.poll(() => approved.getByTestId('customer-status').textContent()).toBe('Approved');
    expect(await approved.getByRole('button', { name: 'Approve Acme Medical' }).count()).toBe(0);
    const copy = approved.getByRole('button', { name: 'Copy search URL of Acme Medical' });
    const searchUrl = await copy.getAttribute('data-url');
    expect(searchUrl).toBe(`${product.customerUrl}/docSearch/Acme%20Medical`);
    // 'URL Copied' for 3 seconds, on the page's clock: there just before, gone then.
    const copied = toast(approver, CUSTOMER_MESSAGES.urlCopied);
    const clock = await pauseClock(approver);
    await copy.click();
    await clock.runUntil(() => copied.isVisible(), 'URL Copied');
    expect(await approver.evaluate(() => navigator.clipboard.readText())).toBe(searchUrl);
    await clock.expectTimer(
      URL_COPIED_MS,
      async () => expect(await copied.isVisible(), 'shown until its 3 s are up').toBe(true),
      async () => expect.poll(() => copied.count()).toBe(0),
    );

    // The view modal: approver, approval date and the signature of the approval.
    await approved.getByRole('button', { name: 'View Acme Medical' }).click();
    const view = approver.getByRole('dialog', { name: 'View Customer' });
    const today = new Date();
    const ddMMyyyy = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
    expect(await view.getByTestId('view-customer-approval-date').textContent()).toBe(ddMMyyyy);
    expect(await view.getByTestId('view-customer-approver').textContent()).toBe(`Alma Approver${APPROVER.email}`);
    expect(await view.getByTestId('view-customer-meaning').textContent()).toBe('Approval');
    await expect.poll(() => imageLoaded(view.getByTestId('view-customer-logo'))).toBe(true);
    await view.getByRole('button', { name: 'Close' }).first().click();

    // The search URL opens the customer portal's page of that customer.
    await approver.goto(searchUrl!);
    await approver.waitForURL(`${product.customerUrl}/docSearch/**`);
    await expect.poll(() => approver.locator('body').textContent()).toContain('Acme Medical');
  };

  /** The approver rejects a customer with a reason: the view modal shows the reason and who signed. */
  const rejectWithReason = async (approver: Page) => {
    await addCustomerViaApi('Globex Health', 'hello@globex.example');
    await addCustomerViaApi('Initech Diagnostics', 'info@initech.example');
    const grid = await openCustomers(approver);
    await row(grid, 'Globex Health').getByRole('button', { name: 'Approve Globex Health' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Customer Approve' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByLabel('Username').fill(APPROVER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(APPROVER.password);
    await dialog.getByLabel('Confirm Password').fill(APPROVER.password);
    // The reason is needed: no submit without it.
    const reason = dialog.getByLabel('Reason');
    await reason.fill('x');
    await reason.fill('');
    await dialog.getByText(CUSTOMER_MESSAGES.enterReason, { exact: true }).waitFor();
    expect(await dialog.getByTestId('approval-submit').count()).toBe(0);
    await reason.fill('x'.repeat(256));
    await dialog.getByText(CUSTOMER_MESSAGES.reasonTooLong, { exact: true }).waitFor();
    expect(await dialog.getByTestId('approval-submit').count()).toBe(0);
    await reason.fill('Quality agreement not signed yet');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const rejected = toast(approver, 'Customer rejected');
    await rejected.waitFor();
    await dialog.waitFor({ state: 'detached' });
    await rejected.getByRole('button', { name: 'Close' }).click();
    await rejected.waitFor({ state: 'detached' });

    const globex = row(grid, 'Globex Health');
    await expect.poll(() => globex.getByTestId('customer-status').textContent()).toBe('Rejected');
    // Not approved: the approver may still decide; no search URL.
    expect(await globex.getByRole('button', { name: 'Approve Globex Health' }).count()).toBe(1);
    expect(await globex.getByRole('button', { name: 'Copy search URL of Globex Health' }).count()).toBe(0);
    await row(grid, 'Initech Diagnostics').waitFor();
    await approver.screenshot({ path: `${SCREENSHOTS}/customers-list.png`, animations: 'disabled' });

    await globex.getByRole('button', { name: 'View Globex Health' }).click();
    const view = approver.getByRole('dialog', { name: 'View Customer' });
    expect(await view.getByTestId('view-customer-name').textContent()).toBe('Globex Health');
    expect(await view.getByTestId('view-customer-contact').textContent()).toBe('4930901820');
    expect(await view.getByTestId('view-customer-email').textContent()).toBe('hello@globex.example');
    expect(await view.getByTestId('view-customer-country').textContent()).toBe('Excluded: France, Italy');
    expect(await view.getByRole('link', { name: 'https://example.com' }).getAttribute('href')).toBe('https://example.com');
    expect(await view.getByTestId('view-customer-status').textContent()).toBe('Rejected');
    expect(await view.getByTestId('view-customer-reason').textContent()).toBe('Quality agreement not signed yet');
    expect(await view.getByTestId('view-customer-signer').textContent()).toBe(`Alma Approver (${APPROVER.email})`);
    expect(await view.getByTestId('view-customer-meaning').textContent()).toBe('Rejection');
    expect(await view.getByTestId('view-customer-signed-at').textContent()).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/);
    await expect.poll(() => imageLoaded(view.getByTestId('view-customer-logo'))).toBe(true);
    await approver.screenshot({ path: `${SCREENSHOTS}/customer-view.png`, animations: 'disabled' });
  };

  /** The approver signs with a wrong password: Customer approval failed, with the server message. */
  const approveWithWrongPassword = async (approver: Page) => {
    await addCustomerViaApi('Soylent Care', 'care@soylent.example');
    const grid = await openCustomers(approver);
    await row(grid, 'Soylent Care').getByRole('button', { name: 'Approve Soylent Care' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Customer Approve' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByLabel('Username').fill(APPROVER.email);
    await dialog.getByLabel('Password', { exact: true }).fill('a wrong passphrase');
    await dialog.getByLabel('Confirm Password').fill('a wrong passphrase');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const failed = approver.getByTestId('toast').filter({ hasText: CUSTOMER_MESSAGES.approvalFailed });
    await failed.waitFor();
    expect((await failed.textContent())!.length).toBeGreaterThan(CUSTOMER_MESSAGES.approvalFailed.length);
    // The modal stays for another try; the customer is still pending.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await row(grid, 'Soylent Care').getByTestId('customer-status').textContent()).toBe('Approval Pending');
  };

  /** An ADMIN edits a customer: the current logo shows and the update is saved; a taken name is refused with the server message. */
  const editAndReuseName = async (admin: Page) => {
    await addCustomerViaApi('Umbrella Labs', 'labs@umbrella.example');
    const grid = await openCustomers(admin);
    await row(grid, 'Umbrella Labs').getByRole('button', { name: 'Edit Umbrella Labs' }).click();
    await admin.waitForURL(/\/addcustomer\/[\w-]+$/);
    await expect.poll(() => admin.getByTestId('page-title').textContent()).toBe('Update Customer');
    const form = admin.getByTestId('customer-form');
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Umbrella Labs');
    expect(await form.getByLabel('Contact Number').inputValue()).toBe('4930901820');
    expect(await form.getByRole('combobox', { name: 'Approver' }).textContent()).toContain('Alma Approver');
    const current = form.getByTestId('customer-current-logo');
    await expect.poll(() => imageLoaded(current)).toBe(true);
    const box = await current.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([100, 100]);
    await admin.screenshot({ path: `${SCREENSHOTS}/customer-form-edit.png`, animations: 'disabled' });
    await form.getByLabel('Contact Number').fill('+49 30 9018 2099');
    await form.getByRole('button', { name: 'Update Customer' }).click();
    await toast(admin, CUSTOMER_MESSAGES.updated).waitFor();
    await admin.waitForURL('**/managecustomer');
    await row(grid, 'Umbrella Labs').getByRole('button', { name: 'View Umbrella Labs' }).click();
    const view = admin.getByRole('dialog', { name: 'View Customer' });
    await expect.poll(() => view.getByTestId('view-customer-contact').textContent()).toBe('493090182099');
    await view.getByRole('button', { name: 'Close' }).first().click();

    // Names are unique whatever their case: the server's message follows the screen's.
    await admin.getByRole('link', { name: 'Add Customer' }).click();
    const add = admin.getByTestId('customer-form');
    await add.getByLabel('Name').fill('umbrella LABS');
    await add.getByLabel('Contact Number').fill('5550102030');
    await add.getByTestId('customer-logo-input').setInputFiles(logoPath);
    await add.getByLabel('Email', { exact: true }).fill('other@umbrella.example');
    await add.getByRole('combobox', { name: 'Approver' }).click();
    await admin.getByRole('option', { name: /Alma Approver/ }).click();
    await add.getByRole('button', { name: 'Add Customer' }).click();
    await toast(admin, `${CUSTOMER_MESSAGES.addFailed} ${CUSTOMER_MESSAGES.nameTaken}`).waitFor();
    expect(admin.url()).toMatch(/\/addcustomer\/create$/);
  };

  /** An approved customer renamed and approved again: its old public URL moves to the new one. */
  const renameMovesPublicUrl = async () => {
    await addCustomerViaApi('Former Clinic', 'former@clinic.example');
    const admin = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const approverToken = await product.api.login(APPROVER.email, APPROVER.password);
    const listed = await product.api.call('GET', '/customer/list/', { token: admin });
    const id = (listed.body.customerList as Array<{ id: string; customerName: string }>).find((c) => c.customerName === 'Former Clinic')!.id;
    const approve = async () =>
      product.api.call('POST', '/customer/approve/add', {
        token: approverToken,
        headers: await reviewedCustomer(product.api, approverToken, id),
        body: { customerId: id, customerApproverId: approverId, customerApproval: true, username: APPROVER.email, password: APPROVER.password },
      });
    expect((await approve()).status).toBe(200);
    const body = new FormData();
    for (const [key, value] of Object.entries({
      id,
      customerName: 'Renamed Clinic',
      contactInformation: '4930901820',
      contactEmail: 'former@clinic.example',
      countryExclusionList: 'FR,IT',
      customerWebsiteLink: 'https://example.com',
      approverId,
    })) body.set(key, value);
    const renamed = await fetch(`${product.api.url}/customer/update`, { method: 'PUT', body, headers: { authorization: `Bearer ${admin}` } });
    expect(renamed.status).toBe(200);
    expect((await approve()).status).toBe(200);

    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext(viewportContext(viewport));
      contexts.push(context);
      const visitor = await context.newPage();
      await visitor.goto(`${product.customerUrl}/docSearch/Former%20Clinic`);
      await visitor.waitForURL(`${product.customerUrl}/docSearch/Renamed%20Clinic`);
      await expect.poll(() => visitor.locator('body').textContent()).toContain('Renamed Clinic');
      // The move replaced the old address in the history (a new tab's about:blank, then this page): Back does not
      // bounce to the old address.
      expect(await visitor.evaluate(() => history.length)).toBe(2);
    }
  };

  /**
   * A change to an approved customer waits for the approver; the approved version stays public. The form
   * says so before saving, the list and view show the pending change, the approver's dialog shows old → new;
   * approved, the public API serves the new website.
   */
  const changeWaitsForApprover = async (admin: Page, approver: Page, viewport: Viewport) => {
    const name = `Wayne Clinic ${viewport.name}`;
    await addCustomerViaApi(name, `wayne.${viewport.name}@clinic.example`);
    const adminToken = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const approverToken = await product.api.login(APPROVER.email, APPROVER.password);
    const id = ((await product.api.call('GET', '/customer/list/', { token: adminToken })).body.customerList as Array<{ id: string; customerName: string }>).find((c) => c.customerName === name)!.id;
    const approved = await product.api.call('POST', '/customer/approve/add', {
      token: approverToken,
      headers: await reviewedCustomer(product.api, approverToken, id),
      body: { customerId: id, customerApproverId: approverId, customerApproval: true, username: APPROVER.email, password: APPROVER.password },
    });
    expect(approved.status).toBe(200);
    const publicWebsite = async () =>
      ((await product.api.call('GET', '/module2/getApprovedCustomers')).body.customerList as Array<{ customerName: string; customerWebsiteLink: string }>).find((c) => c.customerName === name)
        ?.customerWebsiteLink;
    const newWebsite = `https://new-${viewport.name}.example`;

    // The ADMIN edits the approved customer: the form says, before saving, that the change waits.
    const grid = await openCustomers(admin);
    await row(grid, name).getByRole('button', { name: `Edit ${name}` }).click();
    await admin.waitForURL(/\/addcustomer\/[\w-]+$/);
    const form = admin.getByTestId('customer-form');
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(name);
    const notice = admin.getByTestId('approved-edit-notice');
    expect(await notice.textContent()).toBe(CUSTOMER_MESSAGES.approvedEditNotice);
    await expectAccessible(admin, 'customer-pending', viewport, 'form-notice');
    await form.getByLabel('Website link').fill(newWebsite);
    await form.getByRole('button', { name: 'Update Customer' }).click();
    await toast(admin, CUSTOMER_MESSAGES.changePending).waitFor();
    await admin.waitForURL('**/managecustomer');

    // Still approved and public with the old website; the list and the view show what waits.
    const listed = row(grid, name);
    await listed.getByTestId('customer-change-pending').waitFor();
    expect(await listed.getByTestId('customer-status').textContent()).toBe('Approved');
    expect(await publicWebsite()).toBe('https://example.com');
    await listed.getByRole('button', { name: `View ${name}` }).click();
    const view = admin.getByRole('dialog', { name: 'View Customer' });
    const pendingRow = view.getByTestId('pending-change-row');
    await pendingRow.waitFor();
    expect(await pendingRow.getAttribute('data-field')).toBe('customerWebsiteLink');
    expect(await pendingRow.getByTestId('pending-change-current').textContent()).toBe('https://example.com');
    expect(await pendingRow.getByTestId('pending-change-pending').textContent()).toBe(newWebsite);
    expect(await view.getByTestId('pending-change').textContent()).toContain('Alma Approver signs it');
    const viewBox = await view.boundingBox();
    expect(viewBox!.x + viewBox!.width).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(admin, 'customer-pending', viewport, 'view-dialog');
    await view.getByRole('button', { name: 'Close' }).first().click();

    // Editing again starts from the pending values, and says a change is waiting.
    await row(grid, name).getByRole('button', { name: `Edit ${name}` }).click();
    await expect.poll(() => admin.getByTestId('customer-form').getByLabel('Website link').inputValue()).toBe(newWebsite);
    expect(await admin.getByTestId('approved-edit-notice').getByTestId('pending-change-row').count()).toBe(1);
    await expectAccessible(admin, 'customer-pending', viewport, 'form-with-pending-change');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The approver's dialog shows old → new; approved, the new website is public.
    const approverGrid = await openCustomers(approver);
    await row(approverGrid, name).getByRole('button', { name: `Approve ${name}` }).click();
    const dialog = approver.getByRole('dialog', { name: 'Customer Approve' });
    const change = dialog.getByTestId('pending-change-row');
    await change.waitFor();
    expect(await change.getByTestId('pending-change-current').textContent()).toBe('https://example.com');
    expect(await change.getByTestId('pending-change-pending').textContent()).toBe(newWebsite);
    await expectAccessible(approver, 'customer-pending', viewport, 'approve-dialog');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByLabel('Username').fill(APPROVER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(APPROVER.password);
    await dialog.getByLabel('Confirm Password').fill(APPROVER.password);
    await expectAccessible(approver, 'customer-pending', viewport, 'approve-dialog-signature');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(approver, CUSTOMER_MESSAGES.changeApproved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(approverGrid, name).getByTestId('customer-change-pending').count()).toBe(0);
    expect(await publicWebsite()).toBe(newWebsite);
  };

  it(`at ${DESKTOP.width} px, an ADMIN adds a customer with a logo and a second ADMIN approves it with their signature (Approved, a search URL that opens the customer page, 'URL Copied' for 3 s); the approver rejects one with a reason and is refused a wrong password; an ADMIN edits one and is refused a taken name; a change to an approved customer waits for the approver while the approved version stays public; a renamed customer's old public URL moves to the new one`, async () => {
    const admin = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD, DESKTOP);
    const approver = await logIn(APPROVER.email, APPROVER.password, DESKTOP);
    await addAndApprove(admin, approver);
    await rejectWithReason(approver);
    await approveWithWrongPassword(approver);
    await editAndReuseName(admin);
    await changeWaitsForApprover(admin, approver, DESKTOP);
    await renameMovesPublicUrl();
  }, 300_000);

  it(`at ${PHONE.width} px, a change to an approved customer waits for the approver while the approved version stays public; at ${SMALL_PHONE.width} px the list, the form and the modals fit without sideways scrolling`, async () => {
    const admin = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    const approver = await logIn(APPROVER.email, APPROVER.password, PHONE);
    await changeWaitsForApprover(admin, approver, PHONE);
    await approver.setViewportSize(SMALL_PHONE);
    await addCustomerViaApi('Hooli Clinics', 'clinics@hooli.example');
    const grid = await openCustomers(approver);
    const hooli = row(grid, 'Hooli Clinics');
    await hooli.waitFor();
    expect(await approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Name, status and every action stay in view.
    await hooli.getByTestId('customer-status').waitFor();
    const key = await hooli.getByRole('button', { name: 'Approve Hooli Clinics' }).boundingBox();
    const gridBox = await grid.boundingBox();
    expect(key!.x + key!.width).toBeLessThanOrEqual(gridBox!.x + gridBox!.width);
    await approver.screenshot({ path: `${SCREENSHOTS}/customers-list-phone.png`, animations: 'disabled' });

    await hooli.getByRole('button', { name: 'Approve Hooli Clinics' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Customer Approve' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByLabel('Username').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await approver.screenshot({ path: `${SCREENSHOTS}/customer-approve-dialog-phone.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await row(grid, 'Hooli Clinics').getByRole('button', { name: 'View Hooli Clinics' }).click();
    const view = approver.getByRole('dialog', { name: 'View Customer' });
    await view.getByTestId('view-customer-name').waitFor();
    const viewBox = await view.boundingBox();
    expect(viewBox!.x + viewBox!.width).toBeLessThanOrEqual(360);
    await approver.screenshot({ path: `${SCREENSHOTS}/customer-view-phone.png`, animations: 'disabled' });
    await view.getByRole('button', { name: 'Close' }).first().click();

    await approver.getByRole('link', { name: 'Add Customer' }).click();
    const form = approver.getByTestId('customer-form');
    await form.getByRole('button', { name: 'Add Customer' }).click();
    await form.getByText(CUSTOMER_MESSAGES.logoRequired, { exact: true }).waitFor();
    expect(await approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await approver.screenshot({ path: `${SCREENSHOTS}/customer-form-phone.png`, fullPage: true, animations: 'disabled' });
  }, 180_000);
});
