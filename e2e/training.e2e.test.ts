import { TRAINING_MESSAGES, USER_MESSAGES } from '@ifu/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE } from '../test-support/browser';
import { logInReusingSession, useBrowserPages, useBrowserProduct } from '../test-support/browser-product';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

/** 1280 px, the staff screens' desktop width. */
const DESKTOP = DESKTOP_AND_PHONE[0];

/** Today as the edit dialog shows it: dd/MM/yyyy in the browser's (and this process's) time zone. */
const today = () => {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
};

/**
 * 21 CFR 11.10(i): Manage User shows whose training is not recorded as completed, and who recorded
 * a user's training and when; an ADMIN records it in the edit dialog; an untrained signer is told why a signature
 * will be refused, and is not offered the button as if it would work.
 */
describe.skipIf(skipUnless(['chromium']))('training before signing in headless Chromium at 1280 px', () => {
  const suite = useBrowserProduct();
  const newPage = useBrowserPages(suite);

  const PASSWORD = 'a trainee password long enough';
  const openManageUser = async (page: Page) => {
    await page.getByTestId('side-menu').getByText('Manage User', { exact: true }).click();
    await page.waitForURL('**/manageuser');
    await page.getByRole('tab', { name: 'ALL USERS' }).click();
    await page.getByTestId('users-grid').getByRole('columnheader', { name: 'STATUS' }).waitFor();
  };

  it(`an ADMIN sees who recorded a user's training and when in the edit dialog and records it completed there; editing their own record, cannot change their training and is told another ADMIN records it; an untrained ADMIN offered a signature (deactivation) is told why it will be refused, and the button is disabled; axe finds no violation`, async () => {
    const t = suite.product.api;
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const email = 'tina.trainee@example.com';
    const id = await t.createUser({ email, role: 'USER', password: PASSWORD, firstName: 'Tina', lastName: 'Trainee' });
    const cleared = await t.call('PUT', '/user/modify', { token: admin, body: { id, email, firstName: 'Tina', lastName: 'Trainee', role: 'USER', isTrainingCompleted: false } });
    expect(cleared.status).toBe(200);
    const untrainedEmail = 'uma.untrained@example.com';
    const untrainedId = await t.createUser({ email: untrainedEmail, role: 'ADMIN', password: PASSWORD, firstName: 'Uma', lastName: 'Untrained' });
    expect(
      (await t.call('PUT', '/user/modify', { token: admin, body: { id: untrainedId, email: untrainedEmail, firstName: 'Uma', lastName: 'Untrained', role: 'ADMIN', isTrainingCompleted: false } })).status,
    ).toBe(200);
    await t.createUser({ email: 'dora.target@example.com', role: 'USER', password: PASSWORD, firstName: 'Dora', lastName: 'Target' });

    // The edit dialog says who recorded the training and when; an ADMIN records it completed there.
    const page = await newPage(DESKTOP);
    await logInReusingSession(page, suite.product, ADMIN_EMAIL, ADMIN_PASSWORD);
    await openManageUser(page);
    const row = page.getByTestId('users-grid').getByRole('row').filter({ hasText: email });
    expect(await row.getByTestId('user-training-chip').textContent()).toBe('Training not completed: cannot sign');

    await row.getByRole('button', { name: 'Edit Tina Trainee' }).click();
    const dialog = page.getByTestId('user-form-dialog');
    const box = dialog.getByLabel('Is Training Completed?');
    expect(await box.isChecked()).toBe(false);
    // The record is the box's description: what the log says, who and when.
    await dialog
      .getByText(`Training not completed (recorded on ${today()} by System Administrator): this user cannot sign until an ADMIN records it as completed`)
      .waitFor();
    await expectAccessible(page, 'training-edit', DESKTOP, 'not-completed');

    await box.check();
    await dialog.getByRole('button', { name: 'UPDATE' }).click();
    await page.getByTestId('toast').filter({ hasText: USER_MESSAGES.updated }).waitFor();
    await expect.poll(() => row.getByTestId('user-training-chip').count()).toBe(0);

    await row.getByRole('button', { name: 'Edit Tina Trainee' }).click();
    await dialog.getByText(`Training completed on ${today()} recorded by System Administrator`, { exact: true }).waitFor();
    expect(await dialog.getByLabel('Is Training Completed?').isChecked()).toBe(true);
    await expectAccessible(page, 'training-edit', DESKTOP, 'completed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // An ADMIN editing their own record cannot change their training, and the dialog says another ADMIN records it.
    const own = page.getByTestId('users-grid').getByRole('row').filter({ hasText: ADMIN_EMAIL });
    await own.getByRole('button', { name: 'Edit System Administrator' }).click();
    expect(await dialog.getByLabel('Is Training Completed?').isDisabled()).toBe(true);
    await dialog.getByText(TRAINING_MESSAGES.ownRecordHint, { exact: false }).waitFor();

    // An untrained ADMIN offered a signature (deactivation) is told why it will be refused, and the button is disabled.
    const untrainedPage = await newPage(DESKTOP);
    await logInReusingSession(untrainedPage, suite.product, untrainedEmail, PASSWORD);
    await openManageUser(untrainedPage);
    const target = untrainedPage.getByTestId('users-grid').getByRole('row').filter({ hasText: 'dora.target@example.com' });
    await target.getByRole('button', { name: 'Deactivate Dora Target' }).click();
    const deactivate = untrainedPage.getByTestId('deactivate-user-dialog');
    expect(await deactivate.getByTestId('deactivate-user-training').textContent()).toBe(TRAINING_MESSAGES.notCompleted);
    expect(await deactivate.getByTestId('deactivate-user-submit').isDisabled()).toBe(true);
    await expectAccessible(untrainedPage, 'training-untrained-signer', DESKTOP, 'deactivate');
  }, 180_000);
});
