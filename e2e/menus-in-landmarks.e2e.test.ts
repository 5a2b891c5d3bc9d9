import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE } from '../test-support/browser';
import { logInReusingSession, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { skipUnless } from '../test-support/machine-needs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/**
 * The option lists of the forms' selects and searchable selects (MUI menus and poppers) open inside the page's main
 * landmark, not at the end of the body outside every landmark (axe "region"). Each form's lists are checked open.
 * The Add wizard's (Approver, Country) are checked in interaction-count.e2e.test.ts.
 */
describe.skipIf(skipUnless(['chromium']))('Menus of the forms inside the landmarks, in headless Chromium', () => {
  const suite = useAuthoringProduct(ADMIN, { email: 'alma.menus@example.com', password: 'approver passphrase 1', firstName: 'Alma', lastName: 'Menus' }, 'Menu Clinic');
  const newPage = useBrowserPages(suite);

  /** Opens the list of `field`, checks the page with it open, then closes it. */
  const checkOpen = async (page: Page, field: Locator, prefix: string, viewport: { name: string; width: number }, state: string) => {
    await field.click();
    const list = page.getByRole('listbox');
    await list.waitFor();
    expect(await list.evaluate((element) => element.closest('main, [role="dialog"]') !== null), `${state}: the list is inside the main landmark`).toBe(true);
    await expectAccessible(page, prefix, viewport, state);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px (${viewport.name}): the customer form, the notification form and the document search, each list open`, async () => {
      const page = await newPage(viewport);
      await logInReusingSession(page, suite.product, ADMIN.email, ADMIN.password);

      await page.goto(`${suite.product.adminUrl}/addcustomer/create`);
      await checkOpen(page, page.getByRole('combobox', { name: 'Approver' }), 'menus', viewport, 'customer-form-approver');
      await checkOpen(page, page.getByRole('combobox', { name: 'Country' }), 'menus', viewport, 'customer-form-country');

      await page.goto(`${suite.product.adminUrl}/notification/add`);
      await checkOpen(page, page.getByRole('combobox', { name: 'Customers' }), 'menus', viewport, 'notification-form-customers');

      await page.goto(`${suite.product.adminUrl}/document/search`);
      await checkOpen(page, page.getByRole('combobox', { name: 'Customer Name' }), 'menus', viewport, 'document-search-customer');
    }, 180_000);
  }
});
