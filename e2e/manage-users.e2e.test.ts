import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PASSWORD_MESSAGES, USER_FORM_MESSAGES, USER_MESSAGES } from '@ifu/contracts';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, logInThroughForm, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { installClock, pauseClock } from '../test-support/page-clock';
import { reviewedUser } from '../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const DAY_MS = 24 * 60 * 60 * 1000;
const [DESKTOP, PHONE] = DESKTOP_AND_PHONE;
const SMALL_PHONE = { width: 360, height: 740 };

/** The screens' own timings (spec §9): run on the page's clock, not waited for. */
const SET_PASSWORD_REDIRECT_MS = 4_000;
const SET_PASSWORD_ERROR_MS = 6_000;
const CHANGE_PASSWORD_ERROR_MS = 7_000;

/** dd/MM/yyyy digits as typed into an MUI X date field. */
const typedDate = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}${String(date.getMonth() + 1).padStart(2, '0')}${date.getFullYear()}`;

/** The text body of an .eml file, with quoted-printable soft breaks and escapes undone. */
const decodeMail = (raw: string) =>
  /content-transfer-encoding:\s*quoted-printable/i.test(raw)
    ? raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;

describe.skipIf(skipUnless(['chromium']))('Manage User, set password and change password in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(() => {
    ({ product, browser } = suite);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  /** A page in a browser context of its own, closed after the test; `clock`: the page's timers run on Playwright's clock. */
  const newPage = async (options: BrowserContextOptions, { clock = false } = {}): Promise<Page> => {
    const context = await browser.newContext(options);
    contexts.push(context);
    if (clock) await installClock(context);
    return context.newPage();
  };

  const toast = (target: Page, text: string) => target.getByTestId('toast').filter({ hasText: text });

  /** The set-password link of the newest mail to `email` in the API's outbox. */
  const setPasswordLink = async (email: string): Promise<string> => {
    const outbox = join(product.api.dataDir, 'mail');
    let link: string | undefined;
    await expect
      .poll(async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
        for (const name of names.reverse()) {
          const mail = decodeMail(await readFile(join(outbox, name), 'utf8'));
          if (!mail.toLowerCase().includes(`to: ${email}`)) continue;
          link = /https?:\/\/[^\s"<>]+\/user\/setpassword\/[^\s"<>]+/.exec(mail)?.[0];
          if (link) return link;
        }
        return undefined;
      })
      .toBeDefined();
    return link!;
  };

  /** Types a date into an MUI X date field (its sections take the digits in dd/MM/yyyy order). */
  const typeDate = async (field: Locator, date: Date) => {
    await field.getByRole('spinbutton').first().click();
    await field.page().keyboard.type(typedDate(date));
  };

  /**
   * A deactivated user is reactivated by an ADMIN (logged in on `target`) through the signed dialog
   * (a wrong password first: the refusal shows in the dialog), and a change of email waiting for a user's acceptance
   * shows in the list.
   */
  const reactivateThroughSignedDialog = async (target: Page, viewport: Viewport) => {
    const tag = `${viewport.name}${Date.now()}`;
    const api = product.api;
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const returning = `ray.${tag}@example.com`;
    const returningId = await api.createUser({ email: returning, role: 'USER', password: 'a returning user password', firstName: 'Ray', lastName: `Return${tag}` });
    const deactivated = await api.call('DELETE', '/user/delete', {
      token: admin,
      headers: await reviewedUser(api, admin, returningId),
      body: { id: returningId, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(deactivated.status).toBe(200);
    const moving = `mo.${tag}@example.com`;
    const movingId = await api.createUser({ email: moving, role: 'USER', password: 'a moving user password', firstName: 'Mo', lastName: `Move${tag}` });
    const moved = await api.call('PUT', '/user/modify', {
      token: admin,
      body: { id: movingId, email: `mo.new.${tag}@example.com`, firstName: 'Mo', lastName: `Move${tag}`, isTrainingCompleted: true },
    });
    expect(moved.status).toBe(200);

    await target.goto(`${product.adminUrl}/manageuser`);
    const grid = target.getByTestId('users-grid');

    // The pending change shows in the list, with the current address still in place.
    await target.getByLabel('Search users').fill(`Move${tag}`);
    const movingRow = grid.getByRole('row').filter({ hasText: `Move${tag}` });
    await movingRow.getByTestId('user-pending-change').waitFor();
    expect(await movingRow.getByTestId('user-pending-change').textContent()).toBe(`Change pending: new email mo.new.${tag}@example.com`);
    expect(await movingRow.textContent()).toContain(moving);
    await expectAccessible(target, 'manage-users', viewport, 'pending-change');

    await target.getByRole('tab', { name: 'ALL USERS' }).click();
    await target.getByLabel('Search users').fill(`Return${tag}`);
    const row = grid.getByRole('row').filter({ hasText: `Return${tag}` });
    await expect.poll(() => row.getByTestId('user-status').textContent()).toBe('INACTIVE');
    expect(await row.getByRole('button', { name: `Deactivate Ray Return${tag}` }).count()).toBe(0);
    const action = row.getByRole('button', { name: `Reactivate Ray Return${tag}` });
    const box = await action.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await action.click();

    const dialog = target.getByTestId('reactivate-user-dialog');
    await dialog.waitFor();
    expect(await target.getByRole('dialog', { name: 'Reactivate User' }).count()).toBe(1);
    expect(await dialog.textContent()).toContain(`Do you want to reactivate Ray Return${tag} (${returning})?`);
    expect(await dialog.textContent()).toContain('Their previous password will no longer work');
    // Empty fields say what is missing, on the client.
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    // The username is the signer's, filled in: only the password is missing.
    expect(await dialog.getByLabel('Username').inputValue()).toBe(ADMIN_EMAIL);
    await expect.poll(() => dialog.getByText('Enter Username and Password').count()).toBe(1);
    await expectAccessible(target, 'manage-users', viewport, 'reactivate-dialog');
    const dialogBox = await target.getByRole('dialog').boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(viewport.width);

    // A wrong password: the server's refusal shows in the dialog, which stays open; the user stays INACTIVE.
    await dialog.getByLabel('Username').fill(ADMIN_EMAIL);
    await dialog.getByLabel('Password').fill('not the admin password');
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await dialog.getByTestId('reactivate-user-error').waitFor();
    expect(await dialog.getByTestId('reactivate-user-error').textContent()).toBe('Signature refused: enter your own username and password.');
    await expectAccessible(target, 'manage-users', viewport, 'reactivate-refused');

    await dialog.getByLabel('Password').fill(ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await toast(target, USER_MESSAGES.reactivated).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.getByTestId('user-status').textContent()).toBe('ACTIVE');
    expect(await row.getByRole('button', { name: `Reactivate Ray Return${tag}` }).count()).toBe(0);
    expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await target.screenshot({ path: `${SCREENSHOTS}/manage-users-reactivated-${viewport.name}.png`, animations: 'disabled' });
  };

  it('at desktop width, an ADMIN adds a user (who sets a password from the emailed link, and is sent to /login 4 s later), deactivates them (their session ends, the audit CSV records it) and reactivates them; the list pages at 10; a deactivated user comes back through the signed dialog, which passes axe', async () => {
    const page = await newPage(viewportContext(DESKTOP));
    // This long flow once timed out in a full run only: a failure names the last step it reached, and when.
    const started = Date.now();
    let lastStep = 'start';
    const step = (name: string) => {
      lastStep = `${name} (at ${((Date.now() - started) / 1000).toFixed(1)} s)`;
    };
    onTestFailed(() => console.log(`[e2e] the add-deactivate-reactivate flow stopped after: ${lastStep}`));
    const email = 'nina.newcomer@example.com';
    const newPassword = 'a long and unusual passphrase 42';

    await logInReusingSession(page, product, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('side-menu').getByText('Manage User', { exact: true }).click();
    await page.waitForURL('**/manageuser');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Users List');
    expect(await page.getByRole('tab', { name: 'ACTIVE USERS' }).getAttribute('aria-selected')).toBe('true');
    const grid = page.getByTestId('users-grid');
    await grid.getByRole('row').filter({ hasText: ADMIN_EMAIL }).waitFor();
    for (const header of ['NO.', 'FIRST NAME', 'LAST NAME', 'EMAIL', 'ROLE']) {
      expect(await grid.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    }
    // Spec §2.3: STATUS and the ACTION column belong to the ALL USERS tab.
    expect(await grid.getByRole('columnheader', { name: 'STATUS' }).count()).toBe(0);
    expect(await grid.getByRole('columnheader', { name: 'ACTION' }).count()).toBe(0);
    // Fewer than 10 rows: no pagination footer (spec §2.13).
    expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/manage-users-active.png`, animations: 'disabled' });

    // Add: the validation messages first, then a valid user.
    step('add');
    await page.getByRole('button', { name: 'ADD USER' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'SUBMIT' }).click();
    for (const message of [
      USER_FORM_MESSAGES.firstNameRequired,
      USER_FORM_MESSAGES.lastNameRequired,
      USER_FORM_MESSAGES.emailRequired,
      USER_FORM_MESSAGES.trainingRequired,
    ]) {
      await modal.getByText(message, { exact: true }).waitFor();
    }
    await modal.getByLabel('First Name').fill('2024');
    await modal.getByLabel('E-Mail').fill('nina@');
    await modal.getByRole('button', { name: 'SUBMIT' }).click();
    await modal.getByText(USER_FORM_MESSAGES.notANumber, { exact: true }).waitFor();
    await modal.getByText(USER_FORM_MESSAGES.emailInvalid, { exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/user-modal-errors.png`, animations: 'disabled' });

    await modal.getByLabel('First Name').fill('Nina');
    await modal.getByLabel('Last Name').fill('Newcomer');
    await modal.getByLabel('E-Mail').fill(email);
    await modal.getByLabel('Is Training Completed?').check();
    await modal.getByRole('button', { name: 'SUBMIT' }).click();
    await toast(page, `Nina Newcomer ${USER_MESSAGES.added}`).waitFor();
    await expect.poll(() => modal.count()).toBe(0);
    const newRow = grid.getByRole('row').filter({ hasText: email });
    await newRow.waitFor();
    expect(await newRow.getByRole('gridcell').nth(4).textContent()).toBe('USER');
    // The server searches the list: only the newcomer matches.
    await page.getByLabel('Search users').fill('newcomer');
    await expect.poll(() => grid.getByRole('row').filter({ hasText: ADMIN_EMAIL }).count()).toBe(0);
    expect(await newRow.count()).toBe(1);
    await page.getByLabel('Search users').fill('');
    await grid.getByRole('row').filter({ hasText: ADMIN_EMAIL }).waitFor();

    // The same email again: the server's reason follows the screen's message.
    await page.getByRole('button', { name: 'ADD USER' }).click();
    await modal.getByLabel('First Name').fill('Nina');
    await modal.getByLabel('Last Name').fill('Twice');
    await modal.getByLabel('E-Mail').fill(email.toUpperCase());
    await modal.getByLabel('Is Training Completed?').check();
    await modal.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByTestId('toast').filter({ hasText: new RegExp(`^${USER_MESSAGES.addFailed}: .+`) }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();

    // Before a password exists, the login's first step says a link was sent and stays on /login.
    step('login before a password');
    const newcomerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(newcomerContext);
    await installClock(newcomerContext);
    const newcomer = await newcomerContext.newPage();
    await newcomer.goto(`${product.adminUrl}/login`);
    await newcomer.getByLabel('Username/Email').fill(email);
    await newcomer.getByRole('button', { name: 'Login' }).click();
    await newcomer.getByTestId('login-hint').waitFor();
    expect(newcomer.url()).toMatch(/\/login$/);

    // The emailed link: a mismatch first, then the password.
    step('emailed link');
    const link = await setPasswordLink(email);
    expect(link).toMatch(new RegExp(`^${product.adminUrl}/user/setpassword/[^/]+$`));
    await newcomer.goto(link);
    await newcomer.getByLabel('New Password').fill(newPassword);
    await newcomer.getByLabel('Confirm Password').fill(newPassword.slice(0, 10));
    await newcomer.getByText(PASSWORD_MESSAGES.mismatch, { exact: true }).waitFor();
    await newcomer.getByLabel('Confirm Password').fill(newPassword);
    await expect.poll(() => newcomer.getByText(PASSWORD_MESSAGES.mismatch, { exact: true }).count()).toBe(0);
    // The redirect to /login 4 s after the success, on the page's clock: not yet just before, done then.
    const created = newcomer.getByText(USER_MESSAGES.passwordCreated, { exact: true });
    const clock = await pauseClock(newcomer);
    await newcomer.getByRole('button', { name: 'Submit' }).click();
    await clock.runUntil(() => created.isVisible(), 'the password created');
    await clock.expectTimer(
      SET_PASSWORD_REDIRECT_MS,
      async () => {
        expect(await newcomer.evaluate(() => location.pathname)).toMatch(/^\/user\/setpassword\//);
        await newcomer.screenshot({ path: `${SCREENSHOTS}/set-password.png`, animations: 'disabled' });
      },
      async () => {
        await expect.poll(() => newcomer.evaluate(() => location.pathname)).toBe('/login');
      },
    );
    await newcomer.waitForURL('**/login');

    await logInThroughForm(newcomer, product.adminUrl, email, newPassword);
    await expect.poll(() => newcomer.getByTestId('account-name').textContent()).toBe('Nina Newcomer');

    // The ADMIN deactivates the newcomer from ALL USERS.
    step('deactivate');
    await page.getByRole('tab', { name: 'ALL USERS' }).click();
    await grid.getByRole('columnheader', { name: 'STATUS' }).waitFor();
    expect(await newRow.getByTestId('user-status').textContent()).toBe('ACTIVE');
    await page.screenshot({ path: `${SCREENSHOTS}/manage-users-all.png`, animations: 'disabled' });
    await newRow.getByRole('button', { name: 'Deactivate Nina Newcomer' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain('Do you want to deactivate Nina Newcomer?');
    // Every deactivation is an electronic signature: the admin's own username and password.
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    // The username is the signer's, filled in: only the password is missing.
    expect(await confirm.getByLabel('Username').inputValue()).toBe(ADMIN_EMAIL);
    await expect.poll(() => confirm.getByText('Enter Username and Password').count()).toBe(1);
    await confirm.getByLabel('Username').fill(ADMIN_EMAIL);
    await confirm.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.screenshot({ path: `${SCREENSHOTS}/manage-users-deactivate-signed.png`, animations: 'disabled' });
    // The screen names the version of the user it showed (If-Match): the server binds the signature to it.
    const deactivation = page.waitForRequest((request) => request.method() === 'DELETE' && new URL(request.url()).pathname === '/user/delete');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    expect((await deactivation).headers()['if-match']).toMatch(/^"\d+"$/);
    await toast(page, USER_MESSAGES.deleted).waitFor();
    await expect.poll(() => newRow.getByTestId('user-status').textContent()).toBe('INACTIVE');
    expect(await newRow.getByRole('button', { name: 'Deactivate Nina Newcomer' }).count()).toBe(0);
    expect(await newRow.getByRole('button', { name: 'Edit Nina Newcomer' }).count()).toBe(1);
    await page.getByRole('tab', { name: 'ACTIVE USERS' }).click();
    await expect.poll(() => grid.getByRole('row').filter({ hasText: email }).count()).toBe(0);

    // The newcomer's next request is refused: back to /login.
    step('deactivated; newcomer reload');
    await newcomer.reload();
    await newcomer.waitForURL((url) => url.pathname === '/login', { waitUntil: 'load' });
    step('closing the newcomer\'s browser context');
    await closeContext(newcomerContext);

    // The audit report of yesterday to tomorrow (the server's dates are UTC) holds both actions.
    step('audit dialog');
    await page.getByRole('button', { name: 'Download Audit Reports' }).click();
    const audit = page.getByRole('dialog');
    const download = audit.getByRole('button', { name: 'Download' });
    expect(await download.isDisabled()).toBe(true);
    const now = Date.now();
    // Reversed first: said next to Date Start, in words, and nothing is asked of the server.
    await typeDate(audit.getByRole('group', { name: 'Date Start' }), new Date(now + DAY_MS));
    await typeDate(audit.getByRole('group', { name: 'Date End' }), new Date(now - DAY_MS));
    await expect.poll(() => audit.getByText('Date Start must be on or before Date End').count()).toBe(1);
    expect(await download.isDisabled()).toBe(true);
    await typeDate(audit.getByRole('group', { name: 'Date Start' }), new Date(now - DAY_MS));
    await typeDate(audit.getByRole('group', { name: 'Date End' }), new Date(now + DAY_MS));
    await expect.poll(() => audit.getByTestId('audit-report-error').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/audit-dialog.png`, animations: 'disabled' });
    step('downloading the audit CSV');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    // Each row names its subject; the actor of both actions is the ADMIN.
    step('audit CSV downloaded');
    const rowsAbout = (type: string) =>
      csv.split('\n').filter((line) => line.includes(`,${type},`) && line.includes('Nina Newcomer') && line.includes(ADMIN_EMAIL));
    expect(rowsAbout('UserRegistered').length).toBeGreaterThan(0);
    expect(rowsAbout('UserDeactivated').length).toBeGreaterThan(0);
    await expect.poll(() => audit.count()).toBe(0);

    // Editing an INACTIVE user does not reactivate them: Reactivate does, signed.
    step('reactivate');
    await page.getByRole('tab', { name: 'ALL USERS' }).click();
    await newRow.getByRole('button', { name: 'Edit Nina Newcomer' }).click();
    const edit = page.getByRole('dialog');
    expect(await edit.getByLabel('E-Mail').inputValue()).toBe(email);
    expect(await edit.getByLabel('Is Training Completed?').isChecked()).toBe(true);
    expect(await edit.getByLabel('Active', { exact: true }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Close' }).click();
    await newRow.getByRole('button', { name: 'Reactivate Nina Newcomer' }).click();
    const reactivation = page.getByTestId('reactivate-user-dialog');
    await reactivation.getByLabel('Username').fill(ADMIN_EMAIL);
    await reactivation.getByLabel('Password').fill(ADMIN_PASSWORD);
    await reactivation.getByRole('button', { name: 'Reactivate' }).click();
    await toast(page, USER_MESSAGES.reactivated).waitFor();
    await expect.poll(() => newRow.getByTestId('user-status').textContent()).toBe('ACTIVE');

    // A user deactivated and one whose email change waits, arranged through the API.
    step('reactivate through the signed dialog');
    await reactivateThroughSignedDialog(page, DESKTOP);

    // More users than a page holds (after the check above that fewer have no footer): 10 to a page by default.
    step('paging');
    {
      const tag = `pager${Date.now()}`;
      for (let i = 0; i < 11; i++) {
        await product.api.createUser({ email: `${tag}.${i}@example.com`, role: 'USER', firstName: `Pager${String.fromCharCode(65 + i)}`, lastName: tag });
      }
      await page.goto(`${product.adminUrl}/manageuser`);
      await page.getByRole('tab', { name: 'ALL USERS' }).click();
      await page.getByLabel('Search users').fill(tag);
      const grid = page.getByTestId('users-grid');
      const rows = grid.getByRole('row').filter({ hasText: tag });
      await expect.poll(() => rows.count()).toBe(10);
      const footer = page.locator('.MuiTablePagination-root');
      expect(await footer.textContent()).toContain('1–10 of 11');
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await grid.getByRole('gridcell').first().textContent()).toBe('11');
      await page.screenshot({ path: `${SCREENSHOTS}/manage-users-paged.png`, animations: 'disabled' });
    }
  }, 300_000);

  it(`at phone width (${PHONE.width} px, then ${SMALL_PHONE.width} px), an ADMIN reactivates a deactivated user through the signed dialog, which passes axe and fits; the list and the modals fit without sideways scrolling`, async () => {
    const target = await newPage(viewportContext(PHONE));
    await logInReusingSession(target, product, ADMIN_EMAIL, ADMIN_PASSWORD);
    await reactivateThroughSignedDialog(target, PHONE);

    await product.api.createUser({ email: 'phoebe.phone@example.com', role: 'USER', password: 'phone person password', firstName: 'Phoebe', lastName: 'Phone' });
    await target.setViewportSize(SMALL_PHONE);
    await target.goto(`${product.adminUrl}/manageuser`);
    // The grid scrolls sideways inside its box (and renders only the columns in view): look for the first name.
    await target.getByTestId('users-grid').getByRole('row').filter({ hasText: 'System' }).waitFor();
    expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // STATUS and ACTION stay in view without scrolling the grid sideways.
    await target.getByRole('tab', { name: 'ALL USERS' }).click();
    await target.getByLabel('Search users').fill('phoebe');
    const newcomer = target.getByTestId('users-grid').getByRole('row').filter({ hasText: 'Phoebe' });
    await newcomer.getByTestId('user-status').waitFor();
    const edit = await newcomer.getByRole('button', { name: 'Edit Phoebe Phone' }).boundingBox();
    expect(edit!.x + edit!.width).toBeLessThanOrEqual(360);
    await target.screenshot({ path: `${SCREENSHOTS}/manage-users-phone.png`, animations: 'disabled' });
    await target.getByRole('button', { name: 'ADD USER' }).click();
    const modal = target.getByRole('dialog');
    await modal.getByRole('button', { name: 'SUBMIT' }).click();
    await modal.getByText(USER_FORM_MESSAGES.trainingRequired, { exact: true }).waitFor();
    const box = await modal.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await target.screenshot({ path: `${SCREENSHOTS}/user-modal-phone.png`, animations: 'disabled' });
  }, 180_000);

  it("on the password screens at desktop width: an invalid link is said as the page opens; a refused password's rules vanish after 6 s; an expired password leads to /user/setpassword/ which says so and Forgot Password? answers in green; a USER changing their password finds their email filled in, sees the client rules first, errors for 7 s, and the new password works", async () => {
    const page = await newPage(viewportContext(DESKTOP), { clock: true });

    // An invalid link: said as the page opens, before anything is typed.
    {
      await page.goto(`${product.adminUrl}/user/setpassword/not-a-real-token`);
      const said = page.getByTestId('set-password-link-invalid');
      await said.waitFor();
      expect(await said.textContent()).toBe(PASSWORD_MESSAGES.linkInvalid);
      expect(await page.getByLabel('New Password').count()).toBe(0);
      expect(page.url()).toMatch(/not-a-real-token$/);
    }

    // A password the rules refuse, with a working link: every rule it breaks, for 6 s on the page's clock.
    {
      const email = 'rita.rules@example.com';
      const added = await product.api.call('POST', '/user/add', {
        token: await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD),
        body: { email, firstName: 'Rita', lastName: 'Rules', isTrainingCompleted: true },
      });
      expect(added.status).toBe(200);
      await page.goto(`${product.adminUrl}/user/setpassword/${product.api.passwordLinkToken(email)}`);
      await page.getByLabel('New Password').fill('monkey');
      await page.getByLabel('Confirm Password').fill('monkey');
      const message = page.getByTestId('set-password-message');
      const clock = await pauseClock(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await clock.runUntil(() => message.isVisible(), 'the server message');
      expect(await message.getByRole('listitem').allTextContents()).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.tooCommon, PASSWORD_MESSAGES.tooGuessable]);
      await clock.expectTimer(
        SET_PASSWORD_ERROR_MS,
        async () => expect(await message.isVisible(), 'shown until its 6 s are up').toBe(true),
        async () => expect.poll(() => message.count()).toBe(0),
      );
    }

    // An expired password.
    {
      const email = 'olga.old@example.com';
      await product.api.createUser({
        email,
        role: 'USER',
        password: 'an old but long password',
        firstName: 'Olga',
        lastName: 'Old',
        passwordSetAt: new Date(Date.now() - 100 * DAY_MS),
      });
      await page.goto(`${product.adminUrl}/login`);
      await page.getByLabel('Username/Email').fill(email);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/user\/setpassword\/$/);
      const text = page.getByTestId('set-password-text');
      await text.waitFor();
      expect(await text.textContent()).toContain('Your password has expired.');
      expect(await text.textContent()).toContain(PASSWORD_MESSAGES.setPasswordLinkSent);
      expect(await page.getByLabel('New Password').count()).toBe(0);
      await page.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/login');

      await page.getByLabel('Username/Email').fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      const answer = page.getByTestId('forgot-password-message');
      await answer.waitFor();
      expect(await answer.textContent()).toBe(PASSWORD_MESSAGES.forgotSent);
      expect(await answer.getAttribute('role')).toBe('status');
    }

    // A USER changes their password.
    {
      const email = 'carla.changer@example.com';
      await product.api.createUser({ email, role: 'USER', password: 'the first long password', firstName: 'Carla', lastName: 'Changer' });
      await logInThroughForm(page, product.adminUrl, email, 'the first long password');
      await page.getByTestId('account-menu-button').click();
      await page.getByRole('menuitem', { name: 'Change Password' }).click();
      await page.waitForURL('**/password');

      const form = page.getByTestId('change-password-form');
      const submit = form.getByRole('button', { name: 'SUBMIT' });
      // The signed-in user's email is filled in.
      expect(await form.getByLabel('Email').inputValue()).toBe(email);
      await form.getByLabel('Email').fill('');
      await submit.click();
      for (const message of [PASSWORD_MESSAGES.enterUserName, PASSWORD_MESSAGES.enterOldPassword, PASSWORD_MESSAGES.enterNewPassword]) {
        await form.getByText(message, { exact: true }).waitFor();
      }
      await form.getByLabel('Email').fill('someone.else@example.com');
      await form.getByLabel('Current Password').fill('the first long password');
      await form.getByLabel('New Password', { exact: true }).fill('the second long password');
      await form.getByLabel('Confirm New Password').fill('the second long passwort');
      await submit.click();
      await form.getByText(PASSWORD_MESSAGES.userNameWrong, { exact: true }).waitFor();
      await form.getByText(PASSWORD_MESSAGES.didNotMatch, { exact: true }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/change-password.png`, animations: 'disabled' });

      // The email is compared without regard to case; a wrong current password is the server's to refuse.
      await form.getByLabel('Email').fill(email.toUpperCase());
      await form.getByLabel('Current Password').fill('not the current password');
      await form.getByLabel('Confirm New Password').fill('the second long password');
      const message = page.getByTestId('change-password-message');
      const clock = await pauseClock(page);
      await submit.click();
      await clock.runUntil(() => message.isVisible(), 'the server refusal');
      expect(await message.getAttribute('role')).toBe('alert');
      await clock.expectTimer(
        CHANGE_PASSWORD_ERROR_MS,
        async () => expect(await message.isVisible(), 'shown until its 7 s are up').toBe(true),
        async () => expect.poll(() => message.count()).toBe(0),
      );

      await form.getByLabel('Current Password').fill('the first long password');
      await submit.click();
      await page.getByText(PASSWORD_MESSAGES.changed, { exact: true }).waitFor();
      // The form is emptied but for the signed-in user's email.
      expect(await form.getByLabel('Email').inputValue()).toBe(email);
      expect(await form.getByLabel('Current Password').inputValue()).toBe('');

      // The new password opens a new session.
      await page.getByTestId('account-menu-button').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await logInThroughForm(page, product.adminUrl, email, 'the second long password');
    }
  }, 120_000);
});
