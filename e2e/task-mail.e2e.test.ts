import { MAIL_PREFERENCE_MESSAGES } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE } from '../test-support/browser';
import { logInReusingSession, useBrowserPages, useBrowserProduct } from '../test-support/browser-product';
import { arrangeRegisteredCustomer } from '../test-support/document-arrangements';
import { skipUnless } from '../test-support/machine-needs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';

const DESKTOP = DESKTOP_AND_PHONE[0];
const PASSWORD = 'a mail reader password';

/**
 * The mails about a staff member's tasks, in the browser: the Mail preference screen (one mail each, or a daily
 * digest) at both widths, and a customer's mailed link opening its view.
 */
describe.skipIf(skipUnless(['chromium']))('task mail in headless Chromium', () => {
  const suite = useBrowserProduct();
  const newPage = useBrowserPages(suite);

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px a USER opens Mail preference from the account menu, chooses the daily digest and saves it; axe finds no violation`, async () => {
      const t = suite.product.api;
      const email = `mia.${viewport.name}@example.com`;
      await t.createUser({ email, role: 'USER', password: PASSWORD, firstName: 'Mia', lastName: 'Mailer' });
      const page = await newPage(viewport);
      await logInReusingSession(page, suite.product, email, PASSWORD);

      await page.getByTestId('account-menu-button').click();
      await page.getByRole('menuitem', { name: 'Mail preference' }).click();
      await page.waitForURL('**/mail-preference');
      const each = page.getByRole('radio', { name: 'One mail for each task' });
      await each.waitFor();
      expect(await each.isChecked()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await expectAccessible(page, 'mail-preference', viewport, 'each');

      await page.getByRole('radio', { name: 'One daily digest' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('toast').filter({ hasText: MAIL_PREFERENCE_MESSAGES.saved }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await page.getByRole('radio', { name: 'One daily digest' }).isChecked()).toBe(true);
      await expectAccessible(page, 'mail-preference', viewport, 'daily-digest');
    });
  }

  it('at 1280 px the approver follows the link of the mail about a customer that waits for them, and its View Customer modal opens', async () => {
    const t = suite.product.api;
    const approverEmail = 'cleo.approver@example.com';
    const approverId = await t.createUser({ email: approverEmail, role: 'ADMIN', password: PASSWORD, firstName: 'Cleo', lastName: 'Approver' });
    const name = 'Mailed Link Clinic';
    await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approverId, name);
    await t.api.taskMail.run();
    // No SMTP server here: the mail is in the outbox, as `npm start` keeps it.
    const mail = t.mails().find((m) => m.to.includes(approverEmail) && m.subject === `IFU Portal: customer ${name} waits for your approval`);
    const link = mail?.text.match(/Open it: (\S+)/)?.[1];
    expect(link).toContain(`${suite.product.adminUrl}/managecustomer?view=`);

    const page = await newPage(DESKTOP);
    await logInReusingSession(page, suite.product, approverEmail, PASSWORD);
    await page.goto(link!);
    const dialog = page.getByTestId('view-customer-dialog');
    await dialog.getByText(name, { exact: true }).waitFor();
    await expectAccessible(page, 'task-mail-link', DESKTOP, 'customer-view');
  });
});
