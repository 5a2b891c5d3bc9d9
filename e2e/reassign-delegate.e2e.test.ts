import { REASSIGN_MESSAGES } from '@ifu/contracts';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE } from '../test-support/browser';
import { logInThroughForm, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const PASSWORD = 'approver passphrase 1';
const DAY_MS = 86_400_000;

/** dd/MM/yyyy digits as typed into an MUI X date field. */
const typedDate = (date: Date) => `${String(date.getDate()).padStart(2, '0')}${String(date.getMonth() + 1).padStart(2, '0')}${date.getFullYear()}`;
const typeDate = async (field: Locator, date: Date) => {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(typedDate(date));
};

/**
 * The approver who edits, the reassignment and the delegate, in a real browser at 1280 and 390 px with axe: an
 * approver is warned before editing a change order waiting for them and, once they edited it, told why they may not
 * decide and what to do; they reassign it (signed) to a colleague; they declare an absence with a delegate, and a
 * change order submitted to them meanwhile goes to the delegate, which its view says.
 */
describe.skipIf(skipUnless(['chromium']))('reassign, delegate and the approver who edits, in headless Chromium', () => {
  const suite = useAuthoringProduct(AUTHOR, { email: 'rex.registrar.approver@example.com', password: PASSWORD, firstName: 'Rex', lastName: 'Registrar' }, 'Delegation Clinic');
  const newPage = useBrowserPages(suite);

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px: warned before editing, told what to do after, reassigns it signed, declares an absence whose delegate takes the next change order`, async () => {
      const api = suite.product.api;
      const tag = viewport.name;
      const person = async (firstName: string, lastName: string) => {
        const email = `${firstName}.${lastName}.${tag}@example.com`.toLowerCase();
        const id = await api.createUser({ email, role: 'ADMIN', password: PASSWORD, firstName, lastName: `${lastName} ${tag}` });
        return { id, email, password: PASSWORD, name: `${firstName} ${lastName} ${tag}` };
      };
      const approver = await person('Alma', 'Approver');
      const deputy = await person('Dora', 'Deputy');
      const first = await arrangeChangeOrder(api, {
        author: AUTHOR,
        approverId: approver.id,
        customerId: suite.customerId,
        productName: `Edited Stent ${tag}`,
        children: [{ lotNumber: `LOT-EDIT-${tag}`, partNumber: 'PN-E' }],
      });

      const page = await newPage(viewport);
      await logInThroughForm(page, suite.product.adminUrl, approver.email, approver.password);

      // Before the edit: the approver of a change order waiting for them is warned, and asked to confirm.
      await page.goto(`${suite.product.adminUrl}/document/editparent/${first.parentChangeId}`);
      const warning = page.getByTestId('approver-edit-warning');
      await warning.waitFor();
      expect(await warning.textContent()).toContain(REASSIGN_MESSAGES.editWarning);
      await page.getByLabel('Product Name').fill(`Edited Stent ${tag} XL`);
      await page.getByLabel('Username').fill(approver.email);
      await page.getByLabel('Password', { exact: true }).fill(approver.password);
      await page.getByLabel('Comments').fill('Corrected the product name');
      await page.getByTestId('edit-parent-submit').click();
      await warning.getByRole('alert').waitFor();
      expect(await warning.getByRole('alert').textContent()).toBe('Tick this box to save the edit, or go back without saving.');
      await expectAccessible(page, 'reassign-delegate', viewport, 'edit-warning');
      await warning.getByRole('checkbox', { name: REASSIGN_MESSAGES.confirmEdit }).check();
      await page.getByTestId('edit-parent-submit').click();
      await page.waitForURL(`**/document/view/${first.parentChangeId}`);

      // After it: no Approve and Reject, and the view says why and what to do.
      const edited = page.getByTestId('approver-edited');
      await edited.waitFor();
      expect(await edited.textContent()).toBe(`${REASSIGN_MESSAGES.approverEdited} ${REASSIGN_MESSAGES.youMayReassign}`);
      expect(await page.getByTestId('approval-panel').count()).toBe(0);
      await expectAccessible(page, 'reassign-delegate', viewport, 'approver-edited');

      // Reassign approver: the colleague chosen from the eligible ones, a reason, the username filled in, the password.
      await page.getByTestId('reassign-approver').click();
      const dialog = page.getByRole('dialog', { name: REASSIGN_MESSAGES.action });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Username').inputValue()).toBe(approver.email);
      await dialog.getByRole('combobox', { name: 'New approver' }).click();
      await dialog.getByRole('option', { name: new RegExp(`^${deputy.name} \\(`) }).click();
      await dialog.getByLabel('Reason').fill('I edited it, so a colleague approves it');
      await dialog.getByLabel('Password', { exact: true }).fill('not the password at all');
      await dialog.getByRole('button', { name: 'Reassign', exact: true }).click();
      await expect.poll(() => dialog.getByTestId('reassign-approver-error').textContent()).toBe('Signature refused: enter your own username and password.');
      await expectAccessible(page, 'reassign-delegate', viewport, 'reassign-dialog-refused');
      await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
      await dialog.getByRole('button', { name: 'Reassign', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('view-approver').textContent()).toContain(deputy.email);
      expect(await page.getByTestId('approver-edited').count()).toBe(0);
      expect(await page.getByTestId('change-order-signatures').textContent()).toContain('Reassignment');
      await expectAccessible(page, 'reassign-delegate', viewport, 'reassigned');

      // Absence: from the account menu, the days and a delegate.
      await page.getByTestId('account-menu-button').click();
      await page.getByRole('menuitem', { name: 'Absence' }).click();
      await page.waitForURL('**/absence');
      await page.getByTestId('absence-none').waitFor();
      const today = new Date(api.clock.now().getTime());
      await typeDate(page.getByRole('group', { name: 'From' }), today);
      await typeDate(page.getByRole('group', { name: 'Until' }), new Date(today.getTime() + 2 * DAY_MS));
      await page.getByRole('combobox', { name: 'Delegate' }).click();
      await page.getByRole('option', { name: new RegExp(`^${deputy.name} \\(`) }).click();
      await expectAccessible(page, 'reassign-delegate', viewport, 'absence-form');
      await page.getByTestId('absence-save').click();
      await page.getByTestId('absence-current').waitFor();
      expect(await page.getByTestId('absence-current').textContent()).toContain(`what is sent to them goes to ${deputy.name}`);
      await expectAccessible(page, 'reassign-delegate', viewport, 'absence-declared');

      // Submitted to the absent approver meanwhile, the next change order goes to the delegate, and says so.
      const second = await arrangeChangeOrder(api, {
        author: AUTHOR,
        approverId: approver.id,
        customerId: suite.customerId,
        productName: `Delegated Stent ${tag}`,
        children: [{ lotNumber: `LOT-DELEGATE-${tag}`, partNumber: 'PN-D' }],
      });
      await page.goto(`${suite.product.adminUrl}/document/view/${second.parentChangeId}`);
      await expect.poll(() => page.getByTestId('view-approver').textContent()).toBe(`${deputy.email} (delegate of ${approver.name})`);
      await expectAccessible(page, 'reassign-delegate', viewport, 'delegated-view');

      // The absence ends: nothing is left declared.
      await page.goto(`${suite.product.adminUrl}/absence`);
      await page.getByTestId('absence-end').click();
      await page.getByTestId('absence-none').waitFor();
    }, 300_000);
  }
});
