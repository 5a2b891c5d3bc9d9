import { gs1CheckDigitOf, VISITOR_ACCESS_NOTICE } from '@ifu/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible as checkAccessible } from '../test-support/axe';
import { closeContext, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../test-support/document-arrangements';
import { reviewedCustomer } from '../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

const PHONE = { name: 'phone', width: 390, height: 844 } as const satisfies Viewport;
const expectAccessible = (page: Page, state: string) => checkAccessible(page, 'scanned-document-access', PHONE, state);

/**
 * A customer that keeps the emailed link for search but lets a scanned label's document open (choice (b)): an ADMIN
 * chooses it in the customer form, the approver signs it; then a nurse on a phone, in German and in French, scans the
 * box and gets the leaflet at once, while the customer page still asks for an email before search. At 390 px, axe on
 * every page.
 */
describe.skipIf(skipUnless(['chromium']))('a scanned label’s document without a mail, in a browser', () => {
  let product: TestProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const body = '0401234577001';
  const gtin = `${body}${gs1CheckDigitOf(body)}`;
  const customerName = 'Harbour Ward Supplies';
  let customerId: string;
  let approver: Signer;
  const numbers: Record<string, string> = {};

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    const api = product.api;
    approver = { id: '', email: 'scan.e2e.approver@example.com', password: 'scan e2e approver passphrase' };
    approver.id = await api.createUser({ ...approver, role: 'ADMIN', firstName: 'Sven', lastName: 'Approver' });
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerId = await arrangeApprovedCustomer(api, admin, approver, customerName);
    const kids = [
      { lotNumber: 'HW-31', partNumber: 'HW-DE', gtin, countryList: 'DE,AT', languageList: 'de', pdfLines: ['Gebrauchsanweisung Katheter'] },
      { lotNumber: 'HW-31', partNumber: 'HW-FR', gtin, countryList: 'FR,BE', languageList: 'fr', pdfLines: ['Notice d’utilisation cathéter'] },
    ];
    const { parentChangeId } = await arrangeChangeOrder(api, { author: admin, approverId: approver.id, customerId, productName: 'Harbour Ward Catheter', children: kids });
    await arrangeDecision(api, { parentChangeId, approver, approve: true });
    const token = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const view = (await api.call('GET', `/document/get/${parentChangeId}`, { token })).body as { children: Array<{ documentNumber: string; productSubFamilyNameOne: string }> };
    for (const child of view.children) numbers[child.productSubFamilyNameOne] = child.documentNumber;
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const newPage = async (locale: string): Promise<Page> => {
    const context = await browser.newContext({ ...viewportContext(PHONE), locale, acceptDownloads: true });
    contexts.push(context);
    return context.newPage();
  };

  it('at 390 px: the ADMIN chooses (b) in the customer form, told to justify it; once approved, readers in German and French scan the label and get their leaflet without a mail, its page offers the PDF, and the customer page still asks for an email before search', async () => {
    // Before: the scan leads to the page that asks for the emailed link.
    {
      const page = await newPage('de-DE');
      await page.goto(`${product.customerUrl}/01/${gtin}/10/HW-31`);
      await page.waitForURL(`**/p/${numbers['HW-DE']}`);
      await page.getByText('stellt seine Gebrauchsanweisungen über einen per E-Mail gesendeten Link bereit').waitFor();
    }

    // The ADMIN's choice in the customer form, on a phone.
    const staff = await newPage('en-GB');
    await logInReusingSession(staff, product, ADMIN_EMAIL, ADMIN_PASSWORD);
    await staff.goto(`${product.adminUrl}/addcustomer/${customerId}`);
    const choice = staff.getByRole('radiogroup', { name: 'Reading without an emailed link' });
    await choice.waitFor();
    expect(await choice.getByRole('radio', { name: /^\(a\) Emailed link/ }).isChecked()).toBe(true);
    await staff.getByText(VISITOR_ACCESS_NOTICE).waitFor();
    await expectAccessible(staff, 'customer-form-visitor-access');
    await choice.getByRole('radio', { name: /^\(b\) A scanned label opens its document/ }).check();
    await staff.getByTestId('customer-form-submit').click();
    await staff.waitForURL('**/managecustomer');
    // The change waits for the approver's signature.
    const approverToken = await product.api.login(approver.email, approver.password);
    const decided = await product.api.call('POST', '/customer/approve/add', {
      token: approverToken,
      headers: await reviewedCustomer(product.api, approverToken, customerId),
      body: { customerId, customerApproverId: approver.id, customerApproval: true, username: approver.email, password: approver.password },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    for (const [locale, lang, part, download, sendLabel] of [
      ['de-DE', 'de', 'HW-DE', 'PDF herunterladen (Version 1)', 'Senden'],
      ['fr-FR', 'fr', 'HW-FR', 'Télécharger le PDF (version 1)', 'Envoyer'],
    ] as const) {
      const page = await newPage(locale);
      // The scan: the browser follows the 307 to the leaflet's PDF.
      const pdf = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/pdf'));
      await page.goto(`${product.customerUrl}/01/${gtin}/10/HW-31`).catch(() => undefined);
      const answer = await pdf;
      expect(new URL(answer.url()).pathname, locale).toBe(`/p/${numbers[part]}/v/1/pdf`);
      expect(answer.status(), locale).toBe(200);
      expect(answer.headers()['content-type'], locale).toBe('application/pdf');

      // The document's page offers the PDF, in the reader's language.
      await page.goto(`${product.customerUrl}/p/${numbers[part]}?lang=${lang}`);
      await page.getByRole('link', { name: download }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectAccessible(page, `document-page-${lang}`);

      // Search stays behind the emailed link: the family opens the email popup.
      await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(customerName)}?lang=${lang}`);
      await page.getByRole('button', { name: 'Harbour Ward Catheter' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: sendLabel }).waitFor();
      expect(page.url()).not.toContain('customerDocSearch');
      await expectAccessible(page, `customer-page-email-popup-${lang}`);
    }
  }, 180_000);
});
