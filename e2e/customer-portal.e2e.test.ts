import { randomUUID } from 'node:crypto';
import { PUBLIC_MESSAGES } from '@ifu/contracts/public';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { closeContext, DESKTOP_AND_SMALL_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_SMALL_PHONE;

/** How long Contact US shows its answer (spec §9: the contact message clears at 5 seconds). */
const CONTACT_MESSAGE_MS = 5000;

const expectAccessible = (page: Page, viewport: { name: string; width: number }, state: string) => checkAccessible(page, 'customer-portal', viewport, state);

/**
 * An axe check while the page's clock stands still: axe hands its result back on a timer, which a paused clock fires
 * only when told; so the clock is moved on a millisecond at a time until the check is done (the caller reads the
 * page's time after it, to know how far it moved).
 */
const accessibleWhileClockStands = async (page: Page, viewport: { name: string; width: number }, state: string) => {
  let done = false;
  const outcome = expectAccessible(page, viewport, state).then(
    () => undefined,
    (error: unknown) => error,
  );
  void outcome.then(() => {
    done = true;
  });
  await expect
    .poll(
      async () => {
        if (!done) await page.clock.runFor(1);
        return done;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const error = await outcome;
  if (error !== undefined) throw error;
};

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.skipIf(skipUnless(['chromium']))('the public customer portal in headless Chromium', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let serial = 0;
  const unique = (prefix: string) => `${prefix} ${(serial += 1)}`;

  const suite = useBrowserProduct();
  beforeAll(() => {
    ({ product, browser } = suite);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (viewport: Viewport, options: { locale?: string } = {}): Promise<Page> => {
    const context = await browser.newContext({ ...viewportContext(viewport), ...options });
    contexts.push(context);
    return context.newPage();
  };

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width} px (${viewport.name})`, () => {
      it('Contact US and the dead ends: each field\'s message on submit, then a bad email\'s, a short phone number\'s and one the server refuses; sent: the message in a status region, the form emptied, the message gone after 5 seconds; an incomplete or invalid search link says so and offers a new one and the customer page; an unknown customer gets a not-found page that leads to Contact US', async () => {
        const page = await newPage(viewport);
        // The page's own clock, so that the message's 5 seconds pass when the test says, not in real time.
        await page.clock.install();
        await page.goto(`${product.customerUrl}/contactus`);
        await page.getByRole('heading', { level: 1, name: 'Contact US' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        await expectAccessible(page, viewport, 'contact');

        await page.getByRole('button', { name: 'Submit' }).click();
        const form = page.getByTestId('contact-form');
        for (const [label, message] of [
          ['Email', 'Enter the eMail'],
          ['Name', 'Enter the name'],
          ['Phone Number', 'Enter a phone number'],
          ['Subject', 'Enter the subject'],
          ['Message', 'Enter the message'],
        ] as const) {
          // The message is the field's description, so a screen reader reads it with the field.
          await expect.poll(() => form.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
          const description = await form.getByLabel(label, { exact: true }).evaluate((field) => {
            const id = field.getAttribute('aria-describedby');
            return id ? document.getElementById(id)?.textContent : null;
          });
          expect(description).toBe(message);
        }
        // The first field with an error has focus.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectAccessible(page, viewport, 'contact-errors');

        await form.getByLabel('Email', { exact: true }).fill('visitor@example');
        await form.getByLabel('Phone Number').fill('123456789');
        await page.getByRole('button', { name: 'Submit' }).click();
        await form.getByText('Invalid Email Address').waitFor();
        await form.getByText('Phone Number Should be 10 to 15 Digits').waitFor();
        expect(await form.getByText('Enter the eMail').count()).toBe(0);
        // A phone number's characters are checked before it is sent, as the server checks them.
        await form.getByLabel('Email', { exact: true }).fill('visitor@example.com');
        await form.getByLabel('Phone Number').fill('call me now');
        await form.getByLabel('Subject').fill('Missing IFU');
        await form.getByLabel('Message', { exact: true }).fill('Where is the IFU of lot 42?');
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => form.getByLabel('Phone Number').getAttribute('aria-invalid')).toBe('true');
        expect(await form.getByText('Phone Number Should be 10 to 15 Digits').count()).toBe(1);
        // A rule only the server checks (a name's length) shows under its field too.
        await form.getByLabel('Phone Number').fill('+44 20 7946 0000');
        await form.getByLabel('Name', { exact: true }).fill('N'.repeat(101));
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
        expect(await form.getByText('name must be at most 100 characters').count()).toBe(1);
        expect(await form.getByLabel('Phone Number').getAttribute('aria-invalid')).toBe('false');
        expect(await page.getByTestId('contact-answer').textContent()).toBe('');

        // The honeypot is out of reach: no name a person or screen reader meets, out of the tab order.
        const honeypot = page.locator('input[name="website"]');
        expect(await honeypot.getAttribute('tabindex')).toBe('-1');
        expect(await honeypot.getAttribute('autocomplete')).toBe('off');
        expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);

        // A message the server takes: filled over what the rules refused above.
        await form.getByLabel('Email', { exact: true }).fill(`visitor.${viewport.name}@example.com`);
        await form.getByLabel('Name', { exact: true }).fill('Vera Visitor');
        await form.getByLabel('Phone Number').fill('+49 30 9018200');
        await form.getByLabel('Subject').fill('Missing IFU');
        await form.getByLabel('Message', { exact: true }).fill('I cannot find the IFU of lot 42.');
        // Time stands still from here: the message's timer starts when the answer comes, and runs when the test says.
        const sentAt = await page.evaluate(() => Date.now() + 1000);
        await page.clock.pauseAt(sentAt);
        await page.getByRole('button', { name: 'Submit' }).click();
        const answer = page.getByTestId('contact-answer');
        await expect.poll(() => answer.textContent()).toBe(PUBLIC_MESSAGES.contactSent);
        expect(await answer.getAttribute('role')).toBe('status');
        expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
        await accessibleWhileClockStands(page, viewport, 'contact-sent');
        // It clears after 5 seconds: still there just before, gone at 5 (counted from the answer, less what axe took).
        const checking = (await page.evaluate(() => Date.now())) - sentAt;
        await page.clock.runFor(CONTACT_MESSAGE_MS - 1 - checking);
        expect(await answer.textContent()).toBe(PUBLIC_MESSAGES.contactSent);
        await page.clock.runFor(1);
        await expect.poll(() => answer.textContent()).toBe('');
        await page.clock.resume();

        // A search link that is incomplete, then one that is not valid.
        await page.goto(`${product.customerUrl}/customerDocSearch?customerName=Acme%20Medical&parentChangeId=42`);
        await page.getByRole('heading', { level: 1, name: 'This search link cannot be used' }).waitFor();
        expect(await page.getByTestId('link-problem').textContent()).toContain('incomplete');
        await expectAccessible(page, viewport, 'link-incomplete');

        const link = new URLSearchParams({ customerName: 'Acme Medical', parentChangeId: randomUUID(), encryptedEmail: 'not-a-real-token' });
        await page.goto(`${product.customerUrl}/customerDocSearch?${link.toString()}`);
        await page.getByRole('heading', { level: 1, name: 'This search link cannot be used' }).waitFor();
        const problem = await page.getByTestId('link-problem').textContent();
        expect(problem).toBe(PUBLIC_MESSAGES.searchLinkInvalid);
        expect(await noSidewaysScroll(page)).toBe(true);
        await page.getByTestId('new-link').getByLabel('Email').waitFor();
        await expectAccessible(page, viewport, 'link-invalid');
        await page.getByRole('link', { name: 'Choose another product family' }).click();
        await page.waitForURL(`${product.customerUrl}/docSearch/Acme%20Medical`);
        await page.getByRole('heading', { level: 1 }).waitFor();

        // An unknown customer's page.
        await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent('No Such Clinic')}`);
        await page.getByRole('heading', { level: 1, name: 'Customer not found' }).waitFor();
        expect(await page.locator('main').textContent()).toContain('No Such Clinic');
        await page.locator('main').getByRole('link', { name: 'Contact US' }).waitFor();
        expect(await page.title()).toBe('Customer not found | IFU Portal');
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectAccessible(page, viewport, 'customer-not-found');
        await page.locator('main').getByRole('link', { name: 'Contact US' }).click();
        await page.waitForURL('**/contactus');
        // A link to another page starts it at its top, focus on its content (the portal's router).
        await page.getByRole('heading', { level: 1, name: 'Contact US' }).waitFor();
        expect(await page.evaluate(() => ({ focused: document.activeElement?.tagName, scrollY: window.scrollY }))).toEqual({ focused: 'MAIN', scrollY: 0 });
      });

      it(
        'a visitor picks a family, gets the link by mail, searches, downloads, searches again and finds nothing',
        async () => {
          const api = product.api;
          const approver = { email: `approver.${viewport.name}@example.com`, password: 'approver passphrase 1' };
          const approverId = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Alma', lastName: 'Approver' });
          const customerName = unique('Acme Medical');
          const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
          const customerId = await arrangeApprovedCustomer(api, admin, { ...approver, id: approverId }, customerName);
          const productName = unique('Infusion Pump');
          const order = await arrangeChangeOrder(api, {
            author: admin,
            approverId,
            customerId,
            productName,
            children: [{ lotNumber: `LOT-${viewport.name}-1`, partNumber: 'PN-1', countryList: 'DE,US', languageList: 'de,en', keywords: 'pump, infusion' }],
          });
          await arrangeDecision(api, { parentChangeId: order.parentChangeId, approver: { ...approver, id: approverId }, approve: true });
          const token = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
          const notice = await api.call('POST', '/user/addNotification', { token, body: { customerID: customerId, notificationText: 'Our office is closed on Friday.' } });
          expect(notice.status).toBe(200);

          // The customer page: logo, notice, the family as a button.
          // An English reader (a German browser gets the portal in German, see customer-portal-languages).
          const page = await newPage(viewport, { locale: 'en-GB' });
          await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}`);
          await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
          await page.getByRole('region', { name: `Notice from ${customerName}` }).getByText('Our office is closed on Friday.').waitFor();
          await page.getByRole('img', { name: `${customerName} logo` }).waitFor();
          const family = page.getByRole('button', { name: productName });
          expect(await noSidewaysScroll(page)).toBe(true);
          await expectAccessible(page, viewport, 'customer-page');

          // The email popup: the server's message after the 200.
          await family.click();
          const dialog = page.getByRole('dialog', { name: 'Get a search link' });
          await dialog.waitFor();
          expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
          const email = `visitor.${viewport.name}@example.com`;
          await dialog.getByLabel('Email').fill(email);
          await dialog.getByRole('button', { name: 'Send' }).click();
          await expect.poll(() => dialog.getByTestId('search-link-answer').textContent()).toBe(PUBLIC_MESSAGES.searchLinkSent);
          await expectAccessible(page, viewport, 'email-popup-sent');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });

          // The mailed link opens the search page.
          let href: string | undefined;
          await expect
            .poll(() => {
              const mail = api.mails().filter((m) => m.to.toLowerCase().includes(email)).at(-1);
              href = mail?.text.match(/https?:\/\/\S*\/customerDocSearch\?[^\s"<>]+/)?.[0];
              return href;
            })
            .toBeDefined();
          const link = new URL(href!);
          await page.goto(`${product.customerUrl}${link.pathname}${link.search}`);
          const form = page.getByTestId('search-form');
          await form.waitFor();
          await page.getByRole('heading', { level: 1, name: productName }).waitFor();
          // The Language is the browser's (en-GB).
          expect(await form.getByLabel('Language').inputValue()).toBe('en');
          await form.getByLabel('Country').selectOption('DE');
          await form.getByLabel('Search', { exact: true }).fill('pump');
          expect(await noSidewaysScroll(page)).toBe(true);
          await expectAccessible(page, viewport, 'search-form');

          // Results replace the form.
          await form.getByRole('button', { name: 'Submit' }).click();
          const results = page.getByTestId('search-results');
          await results.waitFor();
          expect(await form.count()).toBe(0);
          const rows = viewport.width < 600 ? results.getByTestId('result-card') : results.getByTestId('result-row');
          await expect.poll(() => rows.count()).toBe(1);
          const row = await rows.first().textContent();
          expect(row).toContain(`LOT-${viewport.name}-1`);
          expect(row).toMatch(/\d{2}\/\d{2}\/\d{4}/);
          expect(row).toContain('Germany');
          expect(await noSidewaysScroll(page)).toBe(true);
          await expectAccessible(page, viewport, 'search-results');

          // Download: a tab opens at once, inside the click, then goes to the document's short-lived address.
          const [tab, answer] = await Promise.all([
            page.context().waitForEvent('page'),
            page.waitForResponse((response) => response.url().endsWith('/module2/getDocumentURL')),
            rows.first().getByRole('button', { name: /^Download / }).click(),
          ]);
          const { status, docURL } = { status: answer.status(), ...((await answer.json()) as { docURL?: string }) };
          expect({ status, docURL }).toEqual({ status: 200, docURL: expect.stringContaining('signature=') });
          await expect.poll(() => tab.url(), { timeout: 15_000 }).toBe(docURL);
          expect(page.url()).toContain('/customerDocSearch');

          // A new search keeps the values; a search that matches nothing says 'No Data Found'.
          await results.getByRole('button', { name: 'New search' }).click();
          expect(await form.getByLabel('Search', { exact: true }).inputValue()).toBe('pump');
          await form.getByLabel('Search', { exact: true }).fill('nothing-matches-this');
          await form.getByRole('button', { name: 'Submit' }).click();
          await page.getByTestId('search-no-data').getByText(PUBLIC_MESSAGES.noDataFound).waitFor();
          await expectAccessible(page, viewport, 'search-no-data');

          // The search area is a chunk of its own: when it cannot be fetched, the page says so instead of waiting.
          const offline = await newPage(viewport);
          await offline.route(/\/assets\/search-area-[^/]*\.js$/, (route) => route.abort());
          await offline.goto(`${product.customerUrl}${link.pathname}${link.search}`);
          await offline.getByRole('heading', { level: 1, name: 'This search link cannot be used' }).waitFor();
          expect(await offline.getByTestId('link-problem').textContent()).toBe('Your search link could not be checked. Check your connection and try again.');
        },
        120_000,
      );
    });
  }
});
