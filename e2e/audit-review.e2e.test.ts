import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDayMonthYear } from '@ifu/contracts';
import { expectAccessible } from '../test-support/axe';
import { logInThroughForm, SCREENSHOTS, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder } from '../test-support/document-arrangements';
import { multipart, parentFields, sendForm } from '../test-support/documents';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const DESKTOP = { name: 'desktop', width: 1280, height: 800 } as const;
const FIRST_NAME = 'Review Stent';
const RENAMED = 'Review Stent Plus';

/** dd/MM/yyyy digits as typed into an MUI X date field. */
const typedDate = (date: Date) => `${String(date.getDate()).padStart(2, '0')}${String(date.getMonth() + 1).padStart(2, '0')}${date.getFullYear()}`;
const typeDate = async (field: Locator, date: Date) => {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(typedDate(date));
};

/** The audit-trail review screen, at 1280 px. */
describe.skipIf(skipUnless(['chromium']))('Audit Trail Review in headless Chromium', () => {
  const suite = useAuthoringProduct(ADMIN, { email: 'rhea.reviewer@example.com', password: 'approver passphrase 1', firstName: 'Rhea', lastName: 'Reviewer' }, 'Review Clinic');
  const newPage = useBrowserPages(suite);
  let order: { parentChangeId: string; documentId: string };

  beforeAll(async () => {
    const { product, approver, customerId } = suite;
    order = await arrangeChangeOrder(product.api, { author: ADMIN, approverId: approver.id, customerId, productName: FIRST_NAME, children: [{ lotNumber: 'LOT-REVIEW-1', partNumber: 'PN-REVIEW' }] });
    // The author renames the product family: a signed edit, recorded with its old and new values.
    const token = await product.api.login(ADMIN.email, ADMIN.password);
    const edited = await sendForm(
      product.api.url,
      'PUT',
      '/document/updateParent',
      multipart({
        ...(parentFields(customerId, approver.id, { productFamilyName: RENAMED, effectiveDate: toDayMonthYear(new Date().toISOString().slice(0, 10)) }) as unknown as Record<
          string,
          string
        >),
        parantChangeId: order.parentChangeId,
        username: ADMIN.email,
        password: ADMIN.password,
        comments: 'Renamed for the review test',
      }),
      token,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  }, 180_000);

  const openScreen = async (): Promise<Page> => {
    const page = await newPage(DESKTOP);
    // A screen that fails to render says why in the test's output.
    page.on('pageerror', (error) => console.log('[e2e] page error:', error.message));
    await logInThroughForm(page, suite.product.adminUrl, ADMIN.email, ADMIN.password);
    await page.getByTestId('side-menu').getByText('Audit Trail Review', { exact: true }).click();
    // The screen loads as a chunk of its own: waited for as a person waits for its title, then checked whole.
    await page.getByTestId('page-title').filter({ hasText: 'Audit Trail Review' }).waitFor();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Audit Trail Review');
    return page;
  };

  it("when an ADMIN finds a change order whose field was edited and shows its history, then each event's old → new values are on screen, axe finds nothing, and printing hides the navigation; signing the review of today with a wrong password is refused, and with their own the range shows as reviewed by them", async () => {
    const page = await openScreen();
    // Found by its number through the documents list, as the picker searches it.
    await page.getByLabel('Record (search by name, or paste its id)').fill(order.documentId);
    await page.getByRole('option', { name: new RegExp(order.documentId) }).click();
    await page.getByTestId('show-history').click();

    await expect.poll(() => page.getByTestId('history-title').textContent()).toBe(`Change Order: ${order.documentId} ${RENAMED}`);
    // The field by the label the screens give it (Product Name), not its name in the record.
    const changes = page.getByTestId('history-change').filter({ hasText: 'Product Name:' });
    await expect.poll(() => changes.allTextContents()).toEqual([`Product Name: (empty) → ${FIRST_NAME}`, `Product Name: ${FIRST_NAME} → ${RENAMED}`]);
    const edit = page.getByTestId('history-entry').filter({ hasText: 'Renamed for the review test' });
    expect(await edit.textContent()).toContain('Authorship');
    expect(await edit.textContent()).toContain(' UTC');
    await expectAccessible(page, 'audit-review', DESKTOP, 'history');

    // Filtered to the edits only: the old value is still the one before the edit.
    await page.getByLabel('Kind of event').click();
    await page.getByRole('option', { name: 'ChangeOrderUpdated' }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(1);
    expect(await changes.allTextContents()).toEqual([`Product Name: ${FIRST_NAME} → ${RENAMED}`]);
    expect(page.url()).toContain('type=ChangeOrderUpdated');

    // Print → PDF: the navigation, header, footer and the screen's controls are hidden; the history stays.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('side-menu').isVisible()).toBe(false);
    expect(await page.getByTestId('app-header').isVisible()).toBe(false);
    expect(await page.getByTestId('print').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Apply Filters' }).isVisible()).toBe(false);
    expect(await page.getByTestId('history-table').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/audit-review-desktop-print.png`, fullPage: true, animations: 'disabled' });
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);

    // The review of today, signed: a wrong password is refused; with their own, the range shows as reviewed by them.
    await page.getByTestId('sign-review').click();
    const dialog = page.getByTestId('sign-review-dialog');
    const today = new Date();
    await typeDate(dialog.getByRole('group', { name: 'Date Start' }), today);
    await typeDate(dialog.getByRole('group', { name: 'Date End' }), today);
    await dialog.getByLabel('Username').fill(ADMIN.email);
    await dialog.getByLabel('Password').fill('not the password at all');
    await dialog.getByLabel('Comments').fill('Reviewed in the browser test');
    await expectAccessible(page, 'audit-review', DESKTOP, 'sign-dialog');
    await dialog.getByTestId('sign-review-submit').click();
    await expect.poll(() => dialog.getByTestId('sign-review-error').textContent()).toBe('Signature refused: enter your own username and password.');
    expect(await page.getByTestId('review-row').count()).toBe(0);

    await dialog.getByLabel('Password').fill(ADMIN.password);
    await dialog.getByTestId('sign-review-submit').click();
    // The dialog closes once the server has the signature: waited for as a person does, then checked.
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.getByTestId('review-row').filter({ hasText: 'Reviewed in the browser test' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('System Administrator');
    await expectAccessible(page, 'audit-review', DESKTOP, 'reviewed');
  }, 120_000);
});
