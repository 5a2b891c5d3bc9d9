import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { enrolThroughScreen, enterSecondFactorCode, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder } from '../test-support/document-arrangements';
import { skipUnless } from '../test-support/machine-needs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const PASSWORD = 'a long passphrase 1';

/**
 * An emailed link to a change order, opened while signed out: the login page remembers it and the login (after its
 * second factor, or the set-up of one) opens it, not the first screen (My tasks). Only a path of the portal is followed.
 */
describe.skipIf(skipUnless(['chromium']))('Return after login in headless Chromium', () => {
  const suite = useAuthoringProduct(AUTHOR, { email: 'alma.return@example.com', password: 'approver passphrase 1' }, 'Return Clinic');
  const newPage = useBrowserPages(suite);

  const changeOrder = (name: string) =>
    arrangeChangeOrder(suite.product.api, {
      author: AUTHOR,
      approverId: suite.approver.id,
      customerId: suite.customerId,
      productName: name,
      children: [{ lotNumber: `LOT-${name.replace(/\W+/g, '-')}`, partNumber: 'PN-1' }],
      waitForText: false,
    });

  const onLogin = (page: Page) => page.waitForURL((url) => url.pathname === '/login');

  /** The username and password steps; the password's Submit is left to the caller's expectation. */
  const passwordStep = async (page: Page, email: string) => {
    await page.getByLabel('Username/Email').fill(email);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
  };

  const logOut = async (page: Page) => {
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await onLogin(page);
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    const at = (v: Viewport) => `at ${v.width} px (${v.name})`;

    it(`${at(viewport)}: a USER opening a link to a change order signed out lands on it after the login; a login page pointing at another site opens the first screen, My tasks`, async () => {
      const email = `ursula.${viewport.name}@example.com`;
      await suite.product.api.createUser({ email, role: 'USER', password: PASSWORD, firstName: 'Ursula', lastName: 'User' });
      const { parentChangeId, documentId } = await changeOrder(`Return stent ${viewport.name}`);
      const link = `${suite.product.adminUrl}/document/view/${parentChangeId}`;

      const page = await newPage(viewport);
      await page.goto(link);
      await onLogin(page);
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/document/view/${parentChangeId}`);
      await page.getByLabel('Username/Email').waitFor();
      await expectAccessible(page, 'return-after-login', viewport, 'login-remembering-the-link');
      await passwordStep(page, email);
      await page.waitForURL(`**/document/view/${parentChangeId}`);
      await expect.poll(() => page.getByTestId('view-document-id').textContent()).toContain(documentId);
      await expectAccessible(page, 'return-after-login', viewport, 'the-linked-change-order');

      // A login page whose return path leads elsewhere (another site, protocol-relative, a backslash): the first screen, My tasks.
      for (const elsewhere of ['//evil.example/document/view/1', 'https://evil.example/', '/\\evil.example']) {
        await logOut(page);
        await page.goto(`${suite.product.adminUrl}/login?next=${encodeURIComponent(elsewhere)}`);
        await passwordStep(page, email);
        await page.waitForURL('**/tasks');
        expect(new URL(page.url()).origin, elsewhere).toBe(new URL(suite.product.adminUrl).origin);
      }
    }, 240_000);

    it(`${at(viewport)}: an ADMIN lands on the linked change order after setting up the second factor, and later after its code`, async () => {
      const email = `ada.return.${viewport.name}@example.com`;
      await suite.product.api.createUser({ email, role: 'ADMIN', password: PASSWORD, firstName: 'Ada', lastName: 'Admin' });
      const { parentChangeId, documentId } = await changeOrder(`Return screw ${viewport.name}`);
      const link = `${suite.product.adminUrl}/document/view/${parentChangeId}`;
      const apiBase = new URL(suite.product.api.url).origin;

      // The first login: the set-up of the second factor comes first, then the link.
      const first = await newPage(viewport);
      await first.goto(link);
      await onLogin(first);
      await passwordStep(first, email);
      await enrolThroughScreen(first, apiBase, email);
      await first.waitForURL(`**/document/view/${parentChangeId}`);
      await expect.poll(() => first.getByTestId('view-document-id').textContent()).toContain(documentId);
      await first.context().close();

      // Later: the code step, then the link.
      const later = await newPage(viewport);
      await later.goto(link);
      await onLogin(later);
      await passwordStep(later, email);
      await later.getByLabel('Authentication code').waitFor();
      await expectAccessible(later, 'return-after-login', viewport, 'code-step-remembering-the-link');
      await enterSecondFactorCode(later, apiBase, email);
      await later.waitForURL(`**/document/view/${parentChangeId}`);
      await expect.poll(() => later.getByTestId('view-document-id').textContent()).toContain(documentId);
    }, 240_000);
  }
});
