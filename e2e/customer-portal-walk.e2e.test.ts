import { PUBLIC_MESSAGES } from '@ifu/contracts/public';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealSearchLink } from '../services/src/public-portal/search-link';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';
import { expectSome } from '../test-support/list-expectations';

const HOUR_MS = 60 * 60_000;
const DATE = /^\d{2}\/\d{2}\/\d{4}$/;

const expectAccessible = (page: Page, viewport: { name: string; width: number }, state: string) => checkAccessible(page, 'customer-portal-walk', viewport, state);

/** Whether the page scrolls sideways (WCAG 1.4.10 reflow), and the elements wider than the window when it does. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5 || element.scrollWidth > element.clientWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)} ${element.scrollWidth}/${element.clientWidth}`)
      .slice(0, 10);
    return [`scrollWidth ${root.scrollWidth} > ${root.clientWidth}`, ...wide];
  });

/** The visitor's text size: the root's font size (every size of the portal is in rem), as a browser setting sets it. */
const setTextSize = (page: Page, percent: number) =>
  page.evaluate((size) => {
    document.documentElement.style.fontSize = `${size}%`;
  }, percent);

/**
 * The customer portal on a phone, as a visitor who arrives by the emailed link finds it: the notices, the results'
 * titles, parts and revisions, a link that expired while open or before, text at 150% and 200%, the Contact US form's
 * phone number and its way back.
 */
describe.skipIf(skipUnless(['chromium']))('the customer portal walked on a phone', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const customerName = 'Harbour Medical Supplies';
  const familyName = 'Volumetric Infusion Pump';
  let customerId: string;
  let parentChangeId: string;
  let documentNumbers: string[];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    const api = product.api;
    const approver = { id: '', email: 'walk.approver@example.com', password: 'walk approver passphrase' };
    approver.id = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Wanda', lastName: 'Approver' });
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerId = await arrangeApprovedCustomer(api, admin, approver, customerName);
    ({ parentChangeId } = await arrangeChangeOrder(api, {
      author: admin,
      approverId: approver.id,
      customerId,
      productName: familyName,
      children: [
        { lotNumber: 'IFU-2041-EN', partNumber: 'VIP-300-EU', countryList: 'DE,GB', languageList: 'en,de' },
        { lotNumber: 'IFU-2042-EN', partNumber: 'VIP-310-EU', countryList: 'DE,GB', languageList: 'en' },
      ],
    }));
    await arrangeDecision(api, { parentChangeId, approver, approve: true });
    const view = (await api.call('GET', `/document/get/${parentChangeId}`, { token: await api.login(ADMIN_EMAIL, ADMIN_PASSWORD) })).body as {
      children: Array<{ documentNumber: string }>;
    };
    documentNumbers = view.children.map((child) => child.documentNumber);
    const token = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const body of [
      { notificationText: 'The portal is closed for maintenance on Sunday from 02:00 to 04:00 UTC.' },
      { notificationText: 'New terms of use apply from 1 June.' },
      { notificationText: 'Orders placed after 15:00 ship the next day.', customerID: customerId },
      { notificationText: 'Lot 2041 is recalled: see the field safety notice.', customerID: customerId, productID: parentChangeId },
    ]) {
      expect((await api.call('POST', '/user/addNotification', { token, body })).status).toBe(200);
    }
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    return context.newPage();
  };
  /** The search page of a link sealed for `email`, valid until `expiresAt` (the API's clock). */
  const searchPageOf = (email: string, expiresAt: Date) => {
    const token = sealSearchLink(product.api.api.context.secrets.linkSecret, { customerId, parentChangeId }, email, expiresAt);
    const query = new URLSearchParams({ customerName, parentChangeId, encryptedEmail: token });
    return `${product.customerUrl}/customerDocSearch?${query.toString()}`;
  };
  const validLink = (email: string) => searchPageOf(email, new Date(product.api.clock.now().getTime() + 24 * HOUR_MS));
  const search = async (page: Page) => {
    const form = page.getByTestId('search-form');
    await form.getByLabel('Language').selectOption('en');
    await form.getByLabel('Country').selectOption('GB');
    await form.getByRole('button', { name: 'Submit' }).click();
  };
  /** The texts of the notices in the region named `name`, each with its date. */
  const noticesIn = (page: Page, name: string) =>
    page
      .getByRole('region', { name, exact: true })
      .getByTestId('notice')
      .evaluateAll((items) => items.map((item) => ({ text: item.querySelector('.notice__text')?.textContent, date: item.querySelector('time')?.textContent })));
  const dated = (texts: string[]) => texts.map((text) => ({ text, date: expect.stringMatching(DATE) }));

  for (const viewport of DESKTOP_AND_PHONE satisfies readonly Viewport[]) {
    describe(`at ${viewport.width} px (${viewport.name})`, () => {
      it('the customer page shows each global notice in a box of its own, with its date; Contact US takes "+44 20 7946 0000" (12 digits) and leads back to it; the search page the emailed link opens shows the global, customer and product notices, and results with title, part number, IFU number and revision; a link that expires while the page is open (a download, then a search) and one opened after it expired say so and offer the new-link form right there, which sends a new link', async () => {
        const page = await newPage(viewport);
        // The customer page: the notices.
        await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}`);
        await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
        await page.getByRole('region', { name: 'Notice', exact: true }).waitFor();
        expect(await noticesIn(page, 'Notice')).toEqual(dated(['The portal is closed for maintenance on Sunday from 02:00 to 04:00 UTC.', 'New terms of use apply from 1 June.']));
        expect(await noticesIn(page, `Notice from ${customerName}`)).toEqual(dated(['Orders placed after 15:00 ship the next day.']));
        await expectAccessible(page, viewport, 'customer-page-notices');

        // Contact US from the customer page, and the way back to it.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Contact US' }).click();
        await page.getByRole('heading', { level: 1, name: 'Contact US' }).waitFor();
        const back = page.getByRole('link', { name: `Back to ${customerName}` });
        await back.waitFor();
        await expectAccessible(page, viewport, 'contact-way-back');

        const form = page.getByTestId('contact-form');
        await form.getByLabel('Email', { exact: true }).fill(`caller.${viewport.name}@clinic.example`);
        await form.getByLabel('Name', { exact: true }).fill('Vera Visitor');
        await form.getByLabel('Phone Number').fill('+44 20 7946 0000');
        await form.getByLabel('Subject').fill('Missing IFU');
        await form.getByLabel('Message', { exact: true }).fill('Where is the IFU of lot 2041?');
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => page.getByTestId('contact-answer').textContent()).toBe(PUBLIC_MESSAGES.contactSent);
        expect(await form.getByLabel('Phone Number').getAttribute('aria-invalid')).toBe('false');

        // Back returns to the page the visitor left, as the browser's back would (no new history entry).
        const entries = await page.evaluate(() => window.history.length);
        await back.click();
        await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/docSearch/${encodeURIComponent(customerName)}`);
        expect(await page.evaluate(() => window.history.length)).toBe(entries);

        // Opened by its address in the same tab later on, the page still leads to the customer page last seen.
        await page.goto(`${product.customerUrl}/contactus`);
        await page.getByRole('link', { name: `Back to ${customerName}` }).waitFor();

        // The search page of the emailed link.
        {
          await page.goto(validLink(`notices.${viewport.name}@clinic.example`));
          await page.getByTestId('search-form').waitFor();
          expect(await noticesIn(page, 'Notice')).toEqual(dated(['The portal is closed for maintenance on Sunday from 02:00 to 04:00 UTC.', 'New terms of use apply from 1 June.']));
          expect(await noticesIn(page, `Notice from ${customerName}`)).toEqual(dated(['Orders placed after 15:00 ship the next day.']));
          expect(await noticesIn(page, `Notice about ${familyName}`)).toEqual(dated(['Lot 2041 is recalled: see the field safety notice.']));
          await expectAccessible(page, viewport, 'search-page-notices');

          await search(page);
          const results = page.getByTestId('search-results');
          const rows = viewport.width < 600 ? results.getByTestId('result-card') : results.getByTestId('result-row');
          await expect.poll(() => rows.count()).toBe(2);
          const byPart = new Map<string, string>();
          for (const text of await rows.allTextContents()) byPart.set(/VIP-3\d0-EU/.exec(text)?.[0] ?? '', text);
          expect([...byPart.keys()].sort()).toEqual(['VIP-300-EU', 'VIP-310-EU']);
          for (const [part, text] of byPart) {
            expect(text, part).toContain(familyName);
            expect(text, part).toContain(part === 'VIP-300-EU' ? 'IFU-2041-EN' : 'IFU-2042-EN');
            expect(text, part).toMatch(/effective \d{2}\/\d{2}\/\d{4}/);
            expectSome(documentNumbers, (number) => text.includes(`${number}, effective`), part);
          }
          if (viewport.width < 600) {
            const card = rows.first();
            await card.getByRole('heading', { level: 3, name: familyName }).waitFor();
            for (const label of ['Part Number', 'Lot Number / IFU Number', 'Revision']) expect(await card.locator('dt', { hasText: label }).count(), label).toBe(1);
          } else {
            expect(await results.locator('thead th').allTextContents()).toEqual(['Title', 'Part Number', 'UDI-DI/GTIN', 'Lot Number / IFU Number', 'Revision', 'Description', 'Languages', 'Countries', 'Download']);
          }
          await expectAccessible(page, viewport, 'search-results');
        }

        // A link that expires while the page is open.
        {
          const email = `expiring.${viewport.name}@clinic.example`;
          await page.goto(searchPageOf(email, new Date(product.api.clock.now().getTime() + HOUR_MS)));
          await page.getByTestId('search-form').waitFor();
          await search(page);
          const results = page.getByTestId('search-results');
          const rows = viewport.width < 600 ? results.getByTestId('result-card') : results.getByTestId('result-row');
          await expect.poll(() => rows.count()).toBe(2);

          product.api.clock.advance(2 * HOUR_MS);
          try {
            // The download: not "Try again", which cannot help, but the server's word and the form below it.
            await rows.first().getByRole('button', { name: /^Download / }).click();
            const refused = results.getByTestId('link-refused');
            await expect.poll(() => refused.textContent()).toBe(PUBLIC_MESSAGES.searchLinkExpired);
            expect(await results.getByText('The document could not be opened. Try again.').count()).toBe(0);
            const offer = results.getByTestId('new-link');
            await offer.getByRole('heading', { name: 'Get a new search link' }).waitFor();
            expect(await offer.textContent()).toContain(familyName);
            await expectAccessible(page, viewport, 'download-link-expired');
            await offer.getByLabel('Email').fill(email);
            await offer.getByRole('button', { name: 'Send' }).click();
            await expect.poll(() => offer.getByTestId('search-link-answer').textContent()).toBe(PUBLIC_MESSAGES.searchLinkSent);
            const mail = product.api.mails().filter((m) => m.to.toLowerCase() === email).at(-1);
            expect(mail?.text).toMatch(new RegExp(`/customerDocSearch\\?customerName=[^\\s]*&parentChangeId=${parentChangeId}&encryptedEmail=`));

            // The search: the same, under the form.
            await results.getByRole('button', { name: 'New search' }).click();
            await page.getByTestId('search-form').getByRole('button', { name: 'Submit' }).click();
            await expect.poll(() => page.getByTestId('link-refused').textContent()).toBe(PUBLIC_MESSAGES.searchLinkExpired);
            await page.getByTestId('new-link').getByLabel('Email').waitFor();
            expect(await sidewaysOverflow(page)).toEqual([]);
            await expectAccessible(page, viewport, 'search-link-expired');
          } finally {
            product.api.clock.advance(-2 * HOUR_MS);
          }
        }

        // A link opened after it expired.
        {
          const email = `expired.${viewport.name}@clinic.example`;
          await page.goto(searchPageOf(email, new Date(product.api.clock.now().getTime() - HOUR_MS)));
          await page.getByRole('heading', { level: 1, name: 'This search link cannot be used' }).waitFor();
          expect(await page.getByTestId('link-problem').textContent()).toBe(PUBLIC_MESSAGES.searchLinkExpired);
          const offer = page.getByTestId('new-link');
          await offer.getByRole('heading', { level: 2, name: 'Get a new search link' }).waitFor();
          expect(await offer.textContent()).toContain(familyName);
          await expectAccessible(page, viewport, 'link-expired');
          await offer.getByLabel('Email').fill(email);
          await offer.getByRole('button', { name: 'Send' }).click();
          await expect.poll(() => offer.getByTestId('search-link-answer').textContent()).toBe(PUBLIC_MESSAGES.searchLinkSent);
          expectSome(product.api.mails(), (m) => m.to.toLowerCase() === email);
          // Another family is one link away.
          await offer.getByRole('link', { name: 'Choose another product family' }).click();
          await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
        }
      });
    });
  }

  describe('reflow (WCAG 1.4.10)', () => {
    it('at 150% text on a 390 px phone, a result card keeps each value readable: beside its label with room, or under it', async () => {
      const page = await newPage({ width: 390, height: 844 });
      await page.goto(validLink('reflow.150@clinic.example'));
      await page.getByTestId('search-form').waitFor();
      await setTextSize(page, 150);
      await search(page);
      const cards = page.getByTestId('result-card');
      await expect.poll(() => cards.count()).toBe(2);
      // A value 2 or 3 letters a line was some 40 px wide (1.6 em); a readable one is at least 6 em wide.
      const narrow = await cards.locator('dd').evaluateAll((values) =>
        values
          .map((dd) => ({ text: dd.textContent, width: dd.getBoundingClientRect().width, em: parseFloat(getComputedStyle(dd).fontSize) }))
          .filter((value) => value.width < 6 * value.em),
      );
      expect(narrow).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/customer-portal-walk-390-text150-results.png`, fullPage: true });
    });

    it('at 200% text on a 320 px phone, no page of the visitor scrolls sideways', async () => {
      const page = await newPage({ width: 320, height: 640 });
      const states: Array<[string, () => Promise<void>]> = [
        [
          'customer page',
          async () => {
            await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}`);
            await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
          },
        ],
        [
          'search form',
          async () => {
            await page.goto(validLink('reflow.200@clinic.example'));
            await page.getByTestId('search-form').waitFor();
          },
        ],
        [
          'search results',
          async () => {
            await search(page);
            await page.getByTestId('result-card').first().waitFor();
          },
        ],
        [
          'expired link',
          async () => {
            await page.goto(searchPageOf('reflow.200@clinic.example', new Date(product.api.clock.now().getTime() - HOUR_MS)));
            await page.getByTestId('new-link').waitFor();
          },
        ],
        [
          'contact',
          async () => {
            await page.goto(`${product.customerUrl}/contactus`);
            await page.getByTestId('contact-form').waitFor();
          },
        ],
      ];
      for (const [state, open] of states) {
        await open();
        await setTextSize(page, 200);
        expect(await sidewaysOverflow(page), state).toEqual([]);
        await page.screenshot({ path: `${SCREENSHOTS}/customer-portal-walk-320-text200-${state.replace(/ /g, '-')}.png`, fullPage: true });
      }
    });
  });
});
