import { addDays, PASSWORD_MESSAGES, PERIODIC_REVIEW_MESSAGES } from '@ifu/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInReusingSession, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const APPROVER = { email: 'sara.sayer@example.com', password: 'approver passphrase 1', firstName: 'Sara', lastName: 'Sayer' };
const CUSTOMER = 'Sayings Clinic';
/** dd/MM/yyyy, the one format every staff screen shows a date in (spec §9). */
const DAY_MONTH_YEAR = /^\d{2}\/\d{2}\/\d{4}$/;

const shownDay = (isoDay: string) => isoDay.split('-').reverse().join('/');
/** Whether an element's content is wider than the element (it scrolls sideways). */
const scrollsSideways = (target: Locator) => target.evaluate((element) => element.scrollWidth > element.clientWidth);
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * What the staff screens say (issue 34, item 5), walked at 1280 and 390 px with axe: the audit trail by names and
 * labels (and its record picker naming the record, its table fitting at 1280 px), a deactivated child kept on the view,
 * one date format (the periodic review's date picker), the customer's excluded countries, Change Password's email,
 * Set Password's link and rules, and why an idle sign-out happened.
 */
describe.skipIf(skipUnless(['chromium']))('what the staff screens say, in headless Chromium', () => {
  const suite = useAuthoringProduct(ADMIN, APPROVER, CUSTOMER);
  const newPage = useBrowserPages(suite);
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await suite.product.api.login(ADMIN.email, ADMIN.password);
  }, 120_000);

  /** A newcomer added through Manage User: the token of the set-password link mailed to them. */
  const newcomerLink = async (viewport: Viewport) => {
    const email = `nora.newcomer.${viewport.name}@example.com`;
    const added = await suite.product.api.call('POST', '/user/add', {
      token: adminToken,
      body: { email, firstName: 'Nora', lastName: `Newcomer ${viewport.name}`, isTrainingCompleted: true },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return suite.product.api.passwordLinkToken(email);
  };

  /** Types a day into an MUI X date field: its sections take the digits in dd/MM/yyyy order. */
  const typeDay = async (field: Locator, isoDay: string) => {
    await field.getByRole('spinbutton').first().click();
    await field.page().keyboard.type(isoDay.split('-').reverse().join(''));
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px (${viewport.name}): a deactivated child stays on the view with its reason; the audit trail names people and fields and its picker the record; one date format, the review date picked as dd/MM/yyyy; the customer's excluded countries; Change Password's email; Set Password's link and every rule; an idle sign-out says why`, async () => {
      const { product, approver, customerId } = suite;
      const productName = `Sayings Stent ${viewport.name}`;
      const order = await arrangeChangeOrder(product.api, {
        author: ADMIN,
        approverId: approver.id,
        customerId,
        productName,
        children: [
          { lotNumber: `LOT-KEPT-${viewport.name}`, partNumber: 'PN-KEPT' },
          { lotNumber: `LOT-GONE-${viewport.name}`, partNumber: 'PN-GONE' },
        ],
      });
      const approved = await arrangeChangeOrder(product.api, {
        author: ADMIN,
        approverId: approver.id,
        customerId,
        productName: `${productName} Approved`,
        children: [{ lotNumber: `LOT-APPROVED-${viewport.name}`, partNumber: 'PN-APPROVED' }],
      });
      await arrangeDecision(product.api, { parentChangeId: approved.parentChangeId, approver, approve: true });

      const page = await newPage(viewport);
      // The page's own clock, moved on by the test for the idle sign-out at the end; it runs at real speed until then.
      await page.clock.install();
      page.on('pageerror', (error) => console.log('[e2e] page error:', error.message));
      await logInReusingSession(page, product, ADMIN.email, ADMIN.password);

      // A child deactivated with a reason stays on the view, marked so, with its obsolete date.
      await page.goto(`${product.adminUrl}/document/view/${order.parentChangeId}`);
      const gone = page.getByTestId('child-document').filter({ hasText: `LOT-GONE-${viewport.name}` });
      const deactivate = gone.getByRole('button', { name: /^Deactivate child document / });
      const goneNumber = (await deactivate.getAttribute('aria-label'))!.replace('Deactivate child document ', '');
      await deactivate.click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Child Document' });
      await dialog.getByLabel('Username').fill(ADMIN.email);
      await dialog.getByLabel('Password').fill(ADMIN.password);
      await dialog.getByLabel(/Reason/).fill('Replaced by the combined leaflet');
      await expectAccessible(page, 'screens-say', viewport, 'deactivate-child-dialog');
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await dialog.waitFor({ state: 'detached' });
      const deactivated = page.getByTestId('deactivated-child');
      await deactivated.waitFor();
      expect(await deactivated.textContent()).toContain(goneNumber);
      const obsolete = (await deactivated.getByTestId('deactivated-child-obsolete').textContent())!.replace('Obsolete from ', '');
      expect(obsolete).toMatch(DAY_MONTH_YEAR);
      expect(await deactivated.getByTestId('deactivated-child-reason').textContent()).toBe('Reason: Replaced by the combined leaflet');
      expect(await page.getByTestId('child-document').count()).toBe(1);
      expect(await pageScrollsSideways(page)).toBe(false);
      await expectAccessible(page, 'screens-say', viewport, 'deactivated-child');

      // The audit trail: the change order found by its number; the picker then names it; people and fields by name.
      await page.goto(`${product.adminUrl}/audittrail`);
      const record = page.getByLabel('Record (search by name, or paste its id)');
      await record.fill(order.documentId);
      await page.getByRole('option', { name: `${order.documentId} ${productName}` }).click();
      await page.getByTestId('show-history').click();
      await expect.poll(() => page.getByTestId('history-title').textContent()).toBe(`Change Order: ${order.documentId} ${productName}`);
      expect(await record.inputValue()).toBe(`${order.documentId} ${productName}`);
      expect(page.url()).toContain(`id=${order.parentChangeId}`);
      const created = page.getByTestId('history-entry').filter({ hasText: 'ChangeOrderCreated' });
      const changes = await created.getByTestId('history-change').allTextContents();
      expect(changes).toContain(`Approver: (empty) → ${APPROVER.firstName} ${APPROVER.lastName}`);
      expect(changes).toContain(`Customer: (empty) → ${CUSTOMER}`);
      expect(changes).toContain(`Product Name: (empty) → ${productName}`);
      expect(changes.join(' ')).not.toMatch(/approverId|customerId|productFamilyName/);
      expect(await created.textContent()).not.toContain(approver.id);
      const child = page.getByTestId('history-entry').filter({ hasText: 'ChildDocumentAdded' }).first();
      expect((await child.getByTestId('history-change').allTextContents()).join(' ')).toContain(' Part Number: (empty) → PN-KEPT');
      const removed = page.getByTestId('history-entry').filter({ hasText: 'ChildDocumentDeactivated' });
      expect(await removed.textContent()).toContain(`Deactivated child document ${goneNumber}, obsolete from ${obsolete} (electronic signature)`);
      expect(await removed.textContent()).toContain('Reason: Replaced by the combined leaflet');
      // Every time on the screen: dd/MM/yyyy.
      const when = (await created.locator('td').nth(1).textContent())!;
      expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      // At 1280 px the history fits its panel: nothing scrolls sideways; on a phone only its own region does.
      if (viewport.name === 'desktop') expect(await scrollsSideways(page.getByTestId('history-region'))).toBe(false);
      expect(await pageScrollsSideways(page)).toBe(false);
      await expectAccessible(page, 'screens-say', viewport, 'audit-trail');

      // The periodic review date: the date picker the other screens use, dd/MM/yyyy, not the browser's own.
      await page.goto(`${product.adminUrl}/document/view/${approved.parentChangeId}`);
      const fact = page.getByTestId('view-review-date');
      await expect.poll(async () => (await fact.getByTestId('review-date').textContent()) ?? '').toMatch(DAY_MONTH_YEAR);
      await fact.getByRole('button', { name: PERIODIC_REVIEW_MESSAGES.changeReviewDate }).click();
      const dateDialog = page.getByRole('dialog', { name: `${PERIODIC_REVIEW_MESSAGES.changeReviewDate}: ${approved.documentId}` });
      const field = dateDialog.getByRole('group', { name: PERIODIC_REVIEW_MESSAGES.reviewDate });
      expect(await field.getByRole('spinbutton').evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')))).toEqual(['Day', 'Month', 'Year']);
      expect(await page.locator('input[type="date"]').count()).toBe(0);
      const wanted = addDays(product.api.clock.now().toISOString().slice(0, 10), 100);
      await typeDay(field, wanted);
      await dateDialog.getByLabel(/Reason/).fill('Aligned with the annual audit');
      await expectAccessible(page, 'screens-say', viewport, 'review-date-dialog');
      await dateDialog.getByRole('button', { name: 'Save' }).click();
      await dateDialog.waitFor({ state: 'detached' });
      await expect.poll(() => fact.getByTestId('review-date').textContent()).toBe(shownDay(wanted));

      // The customer's Country lists the countries excluded, and says so.
      await page.goto(`${product.adminUrl}/managecustomer`);
      await page.getByRole('button', { name: `View ${CUSTOMER}` }).first().click();
      const view = page.getByRole('dialog', { name: 'View Customer' });
      expect(await view.getByTestId('view-customer-country').textContent()).toBe('Excluded: Germany, United States');
      await expectAccessible(page, 'screens-say', viewport, 'view-customer');
      await page.goto(`${product.adminUrl}/addcustomer/create`);
      const country = page.getByRole('combobox', { name: 'Country' });
      await country.waitFor();
      const help = await country.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${help}"]`).textContent()).toMatch(/^The countries EXCLUDED for this customer/);

      // Change Password: the signed-in user's email is filled in.
      await page.goto(`${product.adminUrl}/password`);
      const passwordForm = page.getByTestId('change-password-form');
      await expect.poll(() => passwordForm.getByLabel('Email').inputValue()).toBe(ADMIN.email);
      await expectAccessible(page, 'screens-say', viewport, 'change-password');

      // Ten minutes without activity: signed out, and the login page says why.
      await page.clock.fastForward('10:01');
      await page.waitForURL((url) => url.pathname === '/login');
      const notice = page.getByTestId('sign-out-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toBe('You were signed out after 10 minutes without activity. Sign in again to continue.');
      await expectAccessible(page, 'screens-say', viewport, 'idle-sign-out');

      // Set Password checks its link as it opens: a made-up one is said at once.
      await page.goto(`${product.adminUrl}/user/setpassword/not-a-real-token`);
      const invalid = page.getByTestId('set-password-link-invalid');
      await invalid.waitFor();
      expect(await invalid.textContent()).toBe(PASSWORD_MESSAGES.linkInvalid);
      expect(await page.getByLabel('New Password').count()).toBe(0);
      await expectAccessible(page, 'screens-say', viewport, 'set-password-invalid-link');

      // With its emailed link: its helper text readable (axe), every rule a refused password breaks, then set.
      await page.goto(`${product.adminUrl}/user/setpassword/${await newcomerLink(viewport)}`);
      await page.getByLabel('New Password').fill('monkey');
      await page.getByLabel('Confirm Password').fill('monkey');
      await expectAccessible(page, 'screens-say', viewport, 'set-password');
      await page.getByRole('button', { name: 'Submit' }).click();
      const rules = page.getByTestId('set-password-rules');
      await rules.waitFor();
      expect(await rules.getByRole('listitem').allTextContents()).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.tooCommon, PASSWORD_MESSAGES.tooGuessable]);
      await expectAccessible(page, 'screens-say', viewport, 'set-password-rules');
      await page.getByLabel('New Password').fill('a long and unusual passphrase 42');
      await page.getByLabel('Confirm Password').fill('a long and unusual passphrase 42');
      await page.getByRole('button', { name: 'Submit' }).click();
      const passwordCreated = page.getByTestId('set-password-message').filter({ hasText: PASSWORD_MESSAGES.created });
      await passwordCreated.waitFor();
      expect(await page.getByLabel('New Password').count()).toBe(0);
      await expectAccessible(page, 'screens-say', viewport, 'set-password-done');
    }, 300_000);
  }
});
