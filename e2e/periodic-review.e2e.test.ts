import { addCalendarMonths, PERIODIC_REVIEW_MESSAGES } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';
import { setPassword } from '../services/src/auth/password-hashes';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE } from '../test-support/browser';
import { logInThroughForm, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const DAY_MS = 86_400_000;
const DESKTOP = DESKTOP_AND_PHONE[0];

/** The periodic review (EU GMP Annex 11 §11) in a real browser at 1280 px: an overdue periodic review on the list (badge, filter) and its signed review. */
describe.skipIf(skipUnless(['chromium']))('periodic review of approved change orders in headless Chromium', () => {
  const suite = useAuthoringProduct(AUTHOR, { email: 'rita.reviewer@example.com', password: 'approver passphrase 1', firstName: 'Rita', lastName: 'Reviewer' }, 'Review Clinic');
  const newPage = useBrowserPages(suite);

  it(`at ${DESKTOP.width} px: past its review date an approved change order shows Review overdue on the list, the filter finds it, and its approver signs the review still valid`, async () => {
    const api = suite.product.api;
    const productName = 'Reviewed Stent';
    const { parentChangeId, documentId } = await arrangeChangeOrder(api, {
      author: AUTHOR,
      approverId: suite.approver.id,
      customerId: suite.customerId,
      productName,
      children: [{ lotNumber: 'LOT-REVIEW-1', partNumber: 'PN-R' }],
    });
    await arrangeDecision(api, { parentChangeId, approver: suite.approver, approve: true });
    const approvalDay = api.clock.now().toISOString().slice(0, 10);
    const reviewDate = addCalendarMonths(approvalDay, 12);

    // The server's clock moves to the day after the review date; the reviewer's password is set anew (they age in 90 days).
    api.clock.advance(Date.parse(`${reviewDate}T00:00:00Z`) - Date.parse(`${approvalDay}T00:00:00Z`) + DAY_MS);
    const run = api.arrange();
    await setPassword(api.api.context, run, suite.approver.id, suite.approver.password, { via: 'bootstrap' }, run.now);
    await run.settle(['user-accounts']);

    const page = await newPage(DESKTOP);
    await logInThroughForm(page, suite.product.adminUrl, suite.approver.email, suite.approver.password);
    await page.goto(`${suite.product.adminUrl}/document/list?tab=all`);
    await page.getByRole('textbox', { name: 'Search documents' }).fill(productName);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `View ${documentId}` }) });
    await row.getByTestId('review-overdue').waitFor();
    expect(await row.getByTestId('review-overdue').textContent()).toBe(PERIODIC_REVIEW_MESSAGES.reviewOverdue);
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await expectAccessible(page, 'periodic-review', DESKTOP, 'list-overdue-badge');

    // The filter asks the server for the overdue ones only, and says so in the address.
    // A click (not `check()`): the box follows the address, which the router changes a moment later.
    const filter = page.getByRole('checkbox', { name: PERIODIC_REVIEW_MESSAGES.reviewOverdue });
    await filter.click();
    await page.waitForURL('**/document/list?tab=all&review=overdue');
    await expect.poll(() => filter.isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Search documents' }).fill(productName);
    await row.getByTestId('review-overdue').waitFor();
    // Checked once the grid has loaded (its loading bar is the grid's own, while the search is asked).
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await expectAccessible(page, 'periodic-review', DESKTOP, 'list-overdue-filter');

    // The view: the review date, overdue; the signed review.
    await row.getByRole('link', { name: `View ${documentId}` }).click();
    await page.waitForURL(`**/document/view/${parentChangeId}`);
    const fact = page.getByTestId('view-review-date');
    await fact.getByTestId('review-overdue').waitFor();
    await page.getByRole('button', { name: PERIODIC_REVIEW_MESSAGES.completeReview }).click();
    const dialog = page.getByRole('dialog', { name: `${PERIODIC_REVIEW_MESSAGES.completeReview}: ${documentId}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: /^Still valid/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'periodic-review', DESKTOP, 'review-dialog');

    // A wrong password is refused in the dialog; nothing is recorded on the change order.
    await dialog.getByLabel('Username').fill(suite.approver.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not the password at all');
    await dialog.getByRole('button', { name: 'Sign review' }).click();
    await dialog.getByTestId('periodic-review-error').waitFor();
    await expectAccessible(page, 'periodic-review', DESKTOP, 'review-dialog-refused');

    await dialog.getByLabel('Password', { exact: true }).fill(suite.approver.password);
    await dialog.getByLabel('Comments').fill('Label and contraindications still current');
    await dialog.getByRole('button', { name: 'Sign review' }).click();
    await dialog.waitFor({ state: 'detached' });
    const next = addCalendarMonths(api.clock.now().toISOString().slice(0, 10), 12);
    await expect.poll(async () => (await fact.getByTestId('review-date').textContent()) ?? '').not.toBe('');
    await expect.poll(() => fact.getByTestId('review-overdue').count()).toBe(0);
    expect(await page.getByTestId('last-review').textContent()).toContain('Rita Reviewer: still valid');
    expect(await page.getByTestId('change-order-signatures').textContent()).toContain('Periodic review');
    const view = (await api.call('GET', `/document/get/${parentChangeId}`, { token: await api.login(suite.approver.email, suite.approver.password) })).body as {
      periodicReview: { reviewDate: string; overdue: boolean };
    };
    expect(view.periodicReview).toMatchObject({ reviewDate: next, overdue: false });
    await expectAccessible(page, 'periodic-review', DESKTOP, 'reviewed-view');
  });
});
