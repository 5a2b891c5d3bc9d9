import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, viewportContext } from '../test-support/browser';
import { useBrowserProduct } from '../test-support/browser-product';
import { codeAt, timeStepOf } from '../test-support/second-factor';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const DESKTOP = DESKTOP_AND_PHONE[0];

/** An ADMIN sets up the second factor at the first login, then logs in with a code. */
describe.skipIf(skipUnless(['chromium']))('the second factor in headless Chromium (1280 px)', () => {
  let product: TestProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const suite = useBrowserProduct();
  beforeAll(() => {
    ({ product, browser } = suite);
  });
  beforeEach(async () => {
    context = await browser.newContext(viewportContext(DESKTOP));
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  const passwordStep = async (email: string, password: string) => {
    await page.goto(`${product.adminUrl}/login`);
    await page.getByLabel('Username/Email').fill(email);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
  };

  it('when an ADMIN without a second factor logs in, then only its set-up opens: the secret read from the screen gives the code, the recovery codes show once, and the next login asks for a code', async () => {
    const email = 'new.admin@example.com';
    const password = 'new admin password 1';
    await product.api.createUser({ email, role: 'ADMIN', password, firstName: 'Nina', lastName: 'Newadmin' });

    await passwordStep(email, password);
    await page.waitForURL('**/second-factor');
    await page.getByRole('button', { name: 'Set up second factor' }).waitFor();
    // Any other screen sends the ADMIN back here (and there once it is set up).
    await page.goto(`${product.adminUrl}/manageuser`);
    await page.waitForURL((url) => url.pathname === '/second-factor');
    await expectAccessible(page, 'second-factor', DESKTOP, 'enrolment-start');

    await page.getByRole('button', { name: 'Set up second factor' }).click();
    const shown = page.getByTestId('second-factor-secret');
    await shown.waitFor();
    const secret = ((await shown.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole('img', { name: 'QR code to add IFU Portal to your authenticator app' }).count()).toBe(1);
    await expectAccessible(page, 'second-factor', DESKTOP, 'enrolment-secret');

    // A wrong code first: the screen says so and stays.
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.getByTestId('second-factor-error').textContent())
      .toBe('This is not the current code for the secret shown. Check that your device shows the right time, then enter the newest code.');

    const enrolledAt = timeStepOf(product.api.clock.now());
    await page.getByLabel('Code from the app').fill(await codeAt(secret, enrolledAt));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const list = page.getByTestId('recovery-code-list');
    await list.waitFor();
    const recoveryCodes = await list.locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page, 'second-factor', DESKTOP, 'recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    // On to the screen asked for before the set-up.
    await page.waitForURL('**/manageuser');

    // Log out, and in again: the password, then the code.
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await passwordStep(email, password);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await expectAccessible(page, 'second-factor', DESKTOP, 'login-code-step');
    // The code used to confirm the set-up is not taken again (replay), even within its 30 s.
    // Six digits are sent as soon as they are typed: no Verify.
    await code.fill(await codeAt(secret, enrolledAt));
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('This code was used already. Wait for the next code in your authenticator app.');
    await expectAccessible(page, 'second-factor', DESKTOP, 'login-code-refused');
    await code.fill(await codeAt(secret, enrolledAt + 1));
    await page.waitForURL('**/tasks');
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Nina Newadmin');
    // A whole journey: two logins, the set-up and five axe checks (a loaded machine took more than the default 60 s).
  }, 120_000);
});
