import { IDENTITY_CHANGE_MESSAGES } from '@ifu/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext } from '../test-support/browser';
import { logInThroughForm, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The pages emailed links open: nothing happens until the button is pressed. */
describe.skipIf(skipUnless(['chromium']))('emailed links in headless Chromium (/user/confirm/:token, /user/unlock/:token)', () => {
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

  const open = async (viewport: { width: number; height: number }, path: string): Promise<Page> => {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${product.adminUrl}${path}`);
    return page;
  };
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('when an ADMIN changes a user\'s address, then the user accepts on a phone, confirms from the new address on a desktop, and the edit dialog showed the change waiting', async () => {
    const email = 'olga.owner@example.com';
    const newEmail = 'olga.new@example.com';
    const api = product.api;
    const id = await api.createUser({ email, role: 'USER', password: 'olga owner passphrase', firstName: 'Olga', lastName: 'Owner' });
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const asked = await api.call('PUT', '/user/modify', {
      token: admin,
      body: { id, email: newEmail, firstName: 'Olga', lastName: 'Owner', role: 'USER', isTrainingCompleted: true },
    });
    expect(asked.body.message).toBe(IDENTITY_CHANGE_MESSAGES.requested);

    // The edit dialog says what waits for the user.
    const adminPage = await open(DESKTOP, '/login');
    await logInThroughForm(adminPage, product.adminUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await adminPage.goto(`${product.adminUrl}/manageuser`);
    // Edit is on the ALL USERS tab (spec §2.3).
    await adminPage.getByRole('tab', { name: 'ALL USERS' }).click();
    await adminPage.getByLabel('Search users').fill('olga');
    await adminPage.getByTestId('users-grid').getByRole('button', { name: 'Edit Olga Owner' }).click();
    expect(await adminPage.getByTestId('pending-identity-change').textContent()).toContain(`E-Mail ${newEmail}`);
    expect(await adminPage.getByRole('dialog').getByLabel('E-Mail').inputValue()).toBe(email);
    await adminPage.screenshot({ path: `${SCREENSHOTS}/user-form-pending-change.png`, animations: 'disabled' });

    // Opening the link alone spends nothing (mail scanners open links): the button does.
    const phone = await open(PHONE, `/user/confirm/${api.mailedToken(email, '/user/confirm/')}`);
    await phone.getByRole('button', { name: 'Confirm the change' }).waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await phone.screenshot({ path: `${SCREENSHOTS}/confirm-change-phone.png`, animations: 'disabled' });
    await phone.getByRole('button', { name: 'Confirm the change' }).click();
    expect(await phone.getByTestId('link-action-result').textContent()).toBe(IDENTITY_CHANGE_MESSAGES.accepted);

    const desktop = await open(DESKTOP, `/user/confirm/${api.mailedToken(newEmail, '/user/confirm/')}`);
    await desktop.getByRole('button', { name: 'Confirm the change' }).click();
    expect(await desktop.getByTestId('link-action-result').textContent()).toBe(IDENTITY_CHANGE_MESSAGES.emailChanged);
    await desktop.screenshot({ path: `${SCREENSHOTS}/confirm-change-desktop.png`, animations: 'disabled' });
    expect(await api.login(newEmail, 'olga owner passphrase')).toEqual(expect.any(String));
  });

  it('when a stale unlock link is used, then the server message shows on a phone and on a desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(viewport, '/user/unlock/not-a-real-token');
      await page.getByRole('button', { name: 'Unlock my account' }).click();
      expect(await page.getByTestId('link-action-result').textContent()).toBe('This unlock link is not valid any more.');
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/unlock-invalid-${viewport.width}.png`, animations: 'disabled' });
    }
  });
});
