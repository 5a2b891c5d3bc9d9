import { DOCUMENT_MESSAGES, TASK_MESSAGES } from '@ifu/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInThroughForm, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder, arrangeDecision, openEveryFile } from '../test-support/document-arrangements';
import { skipUnless } from '../test-support/machine-needs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';

/**
 * My tasks, the first screen after login: a change order submitted to an approver is on their list with the menu's
 * count; they open it from there and approve it; it leaves their list and its author is told. A rejected one is the
 * author's to revise, with the reason.
 */
describe.skipIf(skipUnless(['chromium']))('My tasks in headless Chromium', () => {
  const suite = useAuthoringProduct(
    { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    { email: 'cora.customers@example.com', password: 'customer approver passphrase', firstName: 'Cora', lastName: 'Customers' },
    'Tasks Clinic',
  );
  const newPage = useBrowserPages(suite);

  /** The tasks listed on the page (My tasks open), once its list has answered. */
  const listed = async (page: Page) => {
    await expect.poll(() => page.getByTestId('tasks-summary').textContent()).not.toBe('');
    return page.getByTestId('task');
  };
  /** The count the side menu shows: at 1280 px in the menu itself, on a phone also on the menu button before it opens. */
  const menuCount = async (page: Page, viewport: Viewport) => {
    if (viewport.name === 'desktop') return page.getByTestId('side-menu').getByTestId('task-count').textContent();
    // The button's badge is hidden at 0.
    const onButton = (await page.getByTestId('menu-task-count').textContent())?.trim() || '0';
    await page.getByRole('button', { name: 'Open menu' }).click();
    const inMenu = await page.getByTestId('side-menu').getByTestId('task-count').textContent();
    await page.keyboard.press('Escape');
    await page.getByTestId('side-menu').waitFor({ state: 'detached' });
    return onButton === inMenu ? inMenu : `menu button ${onButton}, menu ${inMenu}`;
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px (${viewport.name}): the approver lands on My tasks, opens the change order from it and approves; the author sees it approved, and a rejected one to revise`, async () => {
      const { api } = suite.product;
      const approver = { email: `tess.tasks.${viewport.name}@example.com`, password: 'approver passphrase 1', firstName: 'Tess', lastName: `Tasks ${viewport.name}` };
      const author = { email: `arno.author.${viewport.name}@example.com`, password: 'author passphrase 1', firstName: 'Arno', lastName: 'Author' };
      const approverId = await api.createUser({ ...approver, role: 'ADMIN' });
      await api.createUser({ ...author, role: 'USER' });
      const submit = (productName: string, lot: string) =>
        arrangeChangeOrder(api, { author, approverId, customerId: suite.customerId, productName, children: [{ lotNumber: lot, partNumber: 'PN-42' }] });
      const approved = await submit(`Tasks Stent ${viewport.name}`, `LOT-T-${viewport.name}`);
      const rejected = await submit(`Tasks Valve ${viewport.name}`, `LOT-R-${viewport.name}`);
      // The approver's review of the files is another test's subject (documents-approval): here it is done over the API.
      await openEveryFile(api, await api.login(approver.email, approver.password), approved.parentChangeId);

      // The approver's first screen: both change orders, the newest first, and the count.
      const page = await newPage(viewport);
      await logInThroughForm(page, suite.product.adminUrl, approver.email, approver.password);
      expect(await page.getByTestId('page-title').textContent()).toBe(TASK_MESSAGES.title);
      const tasks = await listed(page);
      expect(await tasks.count()).toBe(2);
      expect(await tasks.nth(0).textContent()).toContain(rejected.documentId);
      expect(await tasks.nth(1).textContent()).toContain(approved.documentId);
      expect(await tasks.nth(1).textContent()).toContain('Approve change order');
      expect(await page.getByTestId('tasks-summary').textContent()).toBe('2 tasks are waiting for you.');
      expect(await menuCount(page, viewport)).toBe('2');
      await expectAccessible(page, 'my-tasks', viewport, 'approver');

      // Opened from the list: its view, where the approver signs.
      await tasks.nth(1).getByRole('link', { name: new RegExp(approved.documentId) }).click();
      await page.waitForURL(`**/document/view/${approved.parentChangeId}`);
      const approve = page.getByTestId('approval-panel').getByRole('button', { name: 'Approve' });
      await expect.poll(() => approve.isEnabled()).toBe(true);
      await approve.click();
      const dialog = page.getByRole('dialog', { name: 'Document Approve' });
      await dialog.getByLabel('Username').fill(approver.email);
      await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
      await dialog.getByLabel('Confirm Password').fill(approver.password);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByTestId('toast').filter({ hasText: DOCUMENT_MESSAGES.approved }).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Back on My tasks: one left, and the count says so.
      if (viewport.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('side-menu').getByRole('link', { name: /^My tasks/ }).click();
      await page.waitForURL('**/tasks');
      await expect.poll(async () => (await listed(page)).count()).toBe(1);
      expect(await (await listed(page)).first().textContent()).toContain(rejected.documentId);
      await expect.poll(() => menuCount(page, viewport)).toBe('1');

      // The other is rejected (by the approver, over the API): nothing waits for them any more.
      await arrangeDecision(api, { parentChangeId: rejected.parentChangeId, approver: { id: approverId, ...approver }, approve: false, reason: 'The leaflet shows last year’s symbol' });
      await page.reload();
      await expect.poll(() => page.getByTestId('tasks-summary').textContent()).toBe(TASK_MESSAGES.empty);
      expect(await page.getByTestId('task').count()).toBe(0);
      expect(await menuCount(page, viewport)).toBe('0');
      await expectAccessible(page, 'my-tasks', viewport, 'empty');

      // The author's first screen: the one to revise (with the reason), then the approved one.
      const authorPage = await newPage(viewport);
      await logInThroughForm(authorPage, suite.product.adminUrl, author.email, author.password);
      const authorTasks = await listed(authorPage);
      expect(await authorTasks.count()).toBe(2);
      const toRevise = authorTasks.filter({ hasText: rejected.documentId });
      expect(await toRevise.textContent()).toContain('To revise');
      expect(await toRevise.textContent()).toContain('Reason: The leaflet shows last year’s symbol');
      const told = authorTasks.filter({ hasText: approved.documentId });
      expect(await told.textContent()).toContain('Approved');
      expect(await menuCount(authorPage, viewport)).toBe('2');
      await expectAccessible(authorPage, 'my-tasks', viewport, 'author');
      await toRevise.getByRole('link').click();
      await authorPage.waitForURL(`**/document/view/${rejected.parentChangeId}`);
      await authorPage.getByRole('link', { name: DOCUMENT_MESSAGES.reviseAndResubmit }).waitFor();
    }, 300_000);
  }
});
