import { userStreamId } from '@ifu/contracts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_PHONE } from '../test-support/browser';
import { SCREENSHOTS, submitPassword, useBrowserPages, useBrowserProduct } from '../test-support/browser-product';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { userDecider } from '../services/src/users';
import { skipUnless } from '../test-support/machine-needs';

const DESKTOP = DESKTOP_AND_PHONE[0];
/** A USER, and an ADMIN the server demotes: added once for the file. */
const AUTHOR = { email: 'author@example.com', password: 'author password 1' };
const SOON_USER = { email: 'soon.user@example.com', password: 'soon user password' };

/** One product (API, both portals, Chromium) for the staff login's journeys and the customer portal's shell. */
describe.skipIf(skipUnless(['chromium']))('login and the portals\' shells in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  let soonUserId: string;
  const suite = useBrowserProduct();
  const newPage = useBrowserPages(suite);
  beforeAll(async () => {
    ({ product, browser } = suite);
    await product.api.createUser({ ...AUTHOR, role: 'USER', firstName: 'Ada', lastName: 'Author' });
    soonUserId = await product.api.createUser({ ...SOON_USER, role: 'ADMIN', firstName: 'Sam', lastName: 'Soon' });
  });

  describe('staff login in headless Chromium', () => {
    const usernameStep = async (page: Page, email: string) => {
      await page.goto(`${product.adminUrl}/login`);
      await page.getByLabel('Username/Email').fill(email);
      await page.getByRole('button', { name: 'Login' }).click();
    };

    it(
      'at 1280 px, one person after another at one browser: an empty or non-email username shows the spec messages; an unknown email says activate email and goes to /sendRequest; ' +
        'a wrong password shows Authentication failure under the password field; the bootstrap admin logs in through both steps and the shell opens on My tasks (/tasks) with the account name; ' +
        'logging out from the account menu clears local storage, revokes the server session and shows /login; a USER logs in and sees no ADMIN-only menu entry, and admin routes send them back; ' +
        'when the server ends the session, the next call clears the stored session and goes to /login; when an ADMIN is demoted on the server, the shell drops the ADMIN menu on the next load',
      async () => {
        const page = await newPage(DESKTOP);

        // The username empty, then not an email: the spec's messages.
        await page.goto(`${product.adminUrl}/login`);
        await page.getByRole('button', { name: 'Login' }).click();
        await expect.poll(() => page.getByText('Username is required').count()).toBe(1);
        await page.getByLabel('Username/Email').fill('not-an-email');
        await page.getByRole('button', { name: 'Login' }).click();
        await expect.poll(() => page.getByText('Please enter valid email address.').count()).toBe(1);
        await page.screenshot({ path: `${SCREENSHOTS}/login-validation.png` });

        // An unknown email.
        await usernameStep(page, 'stranger@example.com');
        await page.waitForURL('**/sendRequest');
        await expect.poll(() => page.getByTestId('send-request-text').textContent()).toBe('Send request to admin to activate email');
        await page.screenshot({ path: `${SCREENSHOTS}/send-request.png` });

        // A wrong password.
        await usernameStep(page, ADMIN_EMAIL);
        await page.getByLabel('Password').fill('this is not the password');
        await page.getByRole('button', { name: 'Submit' }).click();
        const error = page.getByTestId('login-error');
        await expect.poll(() => error.textContent()).toBe('Authentication failure');
        const field = await page.getByLabel('Password').boundingBox();
        const message = await error.boundingBox();
        expect(message!.y).toBeGreaterThan(field!.y);
        await page.screenshot({ path: `${SCREENSHOTS}/login-authentication-failure.png` });

        // The bootstrap admin through both steps.
        await usernameStep(page, ADMIN_EMAIL);
        await page.getByLabel('Password').fill(ADMIN_PASSWORD);
        await page.screenshot({ path: `${SCREENSHOTS}/login-password-step.png` });
        // Its first login: an ADMIN sets up the second factor first, then the shell opens.
        await submitPassword(page, ADMIN_EMAIL);
        await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('System Administrator');
        for (const entry of ['Home', 'Documents', 'Manage User', 'Manage Customer', 'Manage Notification']) {
          expect(await page.getByTestId('side-menu').getByText(entry, { exact: true }).count()).toBe(1);
        }
        expect(await page.getByTestId('app-footer').textContent()).toContain('© 2021');
        await page.screenshot({ path: `${SCREENSHOTS}/shell-admin.png` });

        // Logging out from the account menu.
        const stored = await page.evaluate(() => window.localStorage.getItem('ifu-admin:state'));
        const token = (JSON.parse(stored!) as { session?: { token?: string } }).session?.token;
        expect(token).toBeTruthy();
        await page.getByTestId('account-menu-button').click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL('**/login');
        expect(await page.evaluate(() => window.localStorage.getItem('ifu-admin:state'))).toBeNull();
        await expect.poll(async () => (await product.api.call('GET', '/audit/verify', { token })).status).toBe(401);
        await page.goto(`${product.adminUrl}/document/list`);
        // The login page remembers the page asked for (?next=).
        await page.waitForURL((url) => url.pathname === '/login');

        // A USER.
        await usernameStep(page, AUTHOR.email);
        await page.getByLabel('Password').fill(AUTHOR.password);
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForURL('**/tasks');
        await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Ada Author');
        for (const entry of ['Manage User', 'Manage Customer', 'Manage Notification']) {
          expect(await page.getByTestId('side-menu').getByText(entry, { exact: true }).count()).toBe(0);
        }
        await page.goto(`${product.adminUrl}/manageuser`);
        await page.waitForURL('**/document/list');

        // The server ends the USER's session.
        await product.api.database.db.query("UPDATE sessions SET revoked_at = now(), revoke_reason = 'test' WHERE revoked_at IS NULL");
        // Reloading makes the shell ask GET /user/me with the stored token: 401, so the app logs out by itself.
        await page.reload();
        await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'load' });
        await expect
          .poll(() => page.evaluate(() => window.localStorage.getItem('ifu-admin:state')).catch(() => 'navigating'))
          .toBeNull();
        await expect.poll(() => page.getByLabel('Username/Email').count()).toBe(1);

        // An ADMIN demoted on the server.
        await usernameStep(page, SOON_USER.email);
        await page.getByLabel('Password').fill(SOON_USER.password);
        await submitPassword(page, SOON_USER.email);
        expect(await page.getByTestId('side-menu').getByText('Manage User', { exact: true }).count()).toBe(1);
        // Demoted in the log (who someone is comes from there; the read model alone decides nothing).
        await product.api.arrange().execute({
          stream: userStreamId(soonUserId),
          decider: userDecider,
          command: { type: 'ModifyUser', actorUserId: 'another-admin', activeAdminCount: 2, email: SOON_USER.email, firstName: 'Sam', lastName: 'Soon', role: 'USER', isTrainingCompleted: true, now: new Date() },
        });
        await page.reload();
        await expect.poll(() => page.getByTestId('side-menu').getByText('Manage User', { exact: true }).count()).toBe(0);
      },
      300_000,
    );

    it('when a browser signs in, then the API keeps an HttpOnly device cookie for the login call, and the next login sends it back and renews it', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const tab = await context.newPage();
        const deviceCookie = async () => (await context.cookies(`${product.api.url}/user/get/token`)).find((c) => c.name === 'ifu_device');
        const logIn = async () => {
          await tab.goto(`${product.adminUrl}/login`);
          await tab.getByLabel('Username/Email').fill(ADMIN_EMAIL);
          await tab.getByRole('button', { name: 'Login' }).click();
          await tab.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
          const sent = tab.waitForRequest((request) => request.url().endsWith('/user/get/token'));
          await submitPassword(tab, ADMIN_EMAIL);
          return (await sent).allHeaders();
        };
        expect((await logIn()).cookie ?? '').not.toContain('ifu_device=');
        const first = await deviceCookie();
        expect(first).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/user/get/token' });
        await tab.evaluate(() => window.localStorage.clear());
        expect((await logIn()).cookie ?? '').toContain(`ifu_device=${first!.value}`);
        expect((await deviceCookie())?.value).not.toBe(first!.value);
      } finally {
        await closeContext(context);
      }
      // Two logins of an ADMIN through the form, each with its code step.
    }, 120_000);
  });

  describe('customer portal shell in headless Chromium', () => {
    it('when a visitor opens a customer page on a phone, then the footer links and the Terms And Condition popup work', async () => {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(`${product.customerUrl}/docSearch/Acme%20Medical`);
      await page.getByRole('button', { name: 'Terms And Condition' }).or(page.getByRole('link', { name: 'Terms And Condition' })).first().click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain('25 Feb 2021');
      await page.screenshot({ path: `${SCREENSHOTS}/customer-terms.png` });
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      // The footer's link (an unknown customer's page offers Contact US in its text too).
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact US' }).click();
      await page.waitForURL('**/contactus');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.close();
    });
  });
});
