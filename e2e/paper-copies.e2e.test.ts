import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealSearchLink } from '../services/src/public-portal/search-link';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { logInReusingSession, useBrowserPages, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const DAY_MS = 86_400_000;

const expectAccessible = (page: Page, viewport: Viewport, state: string) => checkAccessible(page, 'paper-copies', viewport, state);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Paper copies on request (EU 2021/2226) in a real browser: a visitor asks for a paper copy from a search result; staff see it and dispatch it. */
describe.skipIf(skipUnless(['chromium']))('paper copies on request in headless Chromium', () => {
  let product: TestProduct;
  const suite = useBrowserProduct();
  const newPage = useBrowserPages(suite);
  beforeAll(() => {
    ({ product } = suite);
  });

  for (const viewport of DESKTOP_AND_PHONE) {
    it(
      `at ${viewport.width} px (${viewport.name}): a visitor requests a paper copy from a search result; an ADMIN sees it due in 7 days and marks it dispatched`,
      async () => {
        const api = product.api;
        const approver = { email: `paper.approver.${viewport.name}@example.com`, password: 'approver passphrase 1', id: '' };
        approver.id = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Paula', lastName: `Paper ${viewport.name}` });
        const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
        const customerName = `Paper Clinic ${viewport.name}`;
        const customerId = await arrangeApprovedCustomer(api, admin, approver, customerName);
        const order = await arrangeChangeOrder(api, {
          author: admin,
          approverId: approver.id,
          customerId,
          productName: `Paper Pump ${viewport.name}`,
          children: [{ lotNumber: `LOT-PAPER-${viewport.name}`, partNumber: 'PN-P', countryList: 'DE', languageList: 'de' }],
        });
        await arrangeDecision(api, { parentChangeId: order.parentChangeId, approver, approve: true });
        const view = (await api.call('GET', `/document/get/${order.parentChangeId}`, { token: await api.login(ADMIN_EMAIL, ADMIN_PASSWORD) })).body as { children: Array<{ documentNumber: string }> };
        const documentNumber = view.children[0]!.documentNumber;

        // A document that is not public gets a clear page, not a form.
        const stray = await newPage(viewport);
        await stray.goto(`${product.customerUrl}/paperCopy/CO-1999-99999-01`);
        await stray.getByTestId('paper-copy-refused').waitFor();
        expect(await stray.getByTestId('paper-copy-refused').textContent()).toContain('This document is not public');
        expect(await stray.getByTestId('paper-copy-form').count()).toBe(0);
        await expectAccessible(stray, viewport, 'not-public');

        // The visitor's emailed link, made as the API makes it.
        const email = `paper.visitor.${viewport.name}@clinic.example`;
        const token = sealSearchLink(api.api.context.secrets.linkSecret, { customerId, parentChangeId: order.parentChangeId }, email, new Date(Date.now() + 30 * DAY_MS));
        const page = await newPage(viewport);
        await page.goto(`${product.customerUrl}/customerDocSearch?${new URLSearchParams({ customerName, parentChangeId: order.parentChangeId, encryptedEmail: token }).toString()}`);
        const form = page.getByTestId('search-form');
        await form.waitFor();
        await form.getByLabel('Language').selectOption('de');
        await form.getByLabel('Country').selectOption('DE');
        await form.getByRole('button', { name: 'Submit' }).click();
        const results = page.getByTestId('search-results');
        await results.waitFor();
        const rows = viewport.width < 600 ? results.getByTestId('result-card') : results.getByTestId('result-row');
        await expect.poll(() => rows.count()).toBe(1);
        await rows.first().getByRole('link', { name: `Request a paper copy of ${documentNumber}` }).click();

        // The paper-copy page: the document and its version, the form.
        await page.waitForURL(`**/paperCopy/${documentNumber}`);
        await page.getByRole('heading', { level: 1, name: 'Request a paper copy' }).waitFor();
        const facts = page.getByTestId('paper-copy-document');
        await facts.waitFor();
        expect(await facts.textContent()).toContain(documentNumber);
        expect(await facts.textContent()).toContain('Version1');
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectAccessible(page, viewport, 'form');

        // Every rule on submit, each message under its field, focus on the first.
        const paperForm = page.getByTestId('paper-copy-form');
        await paperForm.getByLabel('Number of copies').fill('11');
        await paperForm.getByRole('button', { name: 'Request paper copy' }).click();
        for (const message of ['Enter your name', 'Enter the delivery address', 'Enter your email address', 'Enter a quantity from 1 to 10']) {
          await paperForm.getByText(message, { exact: true }).waitFor();
        }
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
        await expectAccessible(page, viewport, 'form-errors');

        await paperForm.getByLabel('Name').fill('Dr. Vera Visitor');
        await paperForm.getByLabel('Delivery address').fill('Station 4\nHauptstrasse 1\n8000 Zürich');
        await paperForm.getByLabel('Email').fill(email);
        await paperForm.getByLabel('Number of copies').fill('2');
        await paperForm.getByRole('button', { name: 'Request paper copy' }).click();
        const done = page.getByTestId('paper-copy-done');
        await done.waitFor();
        const due = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
        expect(await done.textContent()).toContain(`Due date: ${due}`);
        // The short reference to read out on the phone: on the page, in the receipt, and for staff.
        const reference = ((await done.getByTestId('paper-copy-reference').textContent()) ?? '').match(/[34679ACDEFGHJKMNPQRTWXY]{4}-[34679ACDEFGHJKMNPQRTWXY]{4}/)?.[0];
        expect(reference).toBeDefined();
        await expectAccessible(page, viewport, 'requested');
        await expect.poll(() => api.mails().some((m) => m.to.includes(email) && m.text.includes(due))).toBe(true);

        // Staff: the request listed, due in 7 days, not overdue; an ADMIN marks it dispatched.
        const staff = await newPage(viewport);
        await logInReusingSession(staff, product, ADMIN_EMAIL, ADMIN_PASSWORD);
        await staff.goto(`${product.adminUrl}/paperCopies`);
        await expect.poll(() => staff.getByTestId('page-title').textContent()).toBe('Paper Copies');
        const row = staff.getByTestId('paper-copy-row').filter({ hasText: documentNumber });
        await row.waitFor();
        const text = await row.textContent();
        // The staff screen shows its dates as every staff screen does: dd/MM/yyyy.
        expect(text).toContain(due.split('-').reverse().join('/'));
        expect(text).toContain('Dr. Vera Visitor');
        expect(text).toContain(`Reference ${reference}`);
        expect(text).not.toContain('Overdue');
        await expectAccessible(staff, viewport, 'staff-list');
        await row.getByRole('button', { name: /^Mark dispatched: 2 × / }).click();
        await row.waitFor({ state: 'detached' });
        await staff.getByRole('button', { name: 'All' }).click();
        const dispatched = staff.getByTestId('paper-copy-row').filter({ hasText: documentNumber });
        await expect.poll(() => dispatched.textContent()).toContain('by System Administrator');
        await expectAccessible(staff, viewport, 'staff-dispatched');
      },
      180_000,
    );
  }
});
