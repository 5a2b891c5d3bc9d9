import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_MESSAGES, PRODUCT_IDENTIFIER_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView } from '@ifu/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { pauseClock, stepUntil } from '../test-support/page-clock';
import { childFields, logoPart, makePdf, multipart, parentFields, pdfPart, sendForm } from '../test-support/documents';
import { openFileInNewTab } from '../test-support/document-tabs';
import { PNG_1X1 } from '../test-support/images';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { reviewedCustomer } from '../test-support/reviewed-versions';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_PHONE;

const APPROVER = { email: 'alma.docs@example.com', password: 'approver passphrase 1', firstName: 'Alma', lastName: 'Approver' };
const CUSTOMER = 'Cardio Clinic';

const START_MESSAGES = [
  DOCUMENT_MESSAGES.enterProductFamilyName,
  DOCUMENT_MESSAGES.selectInternal,
  DOCUMENT_MESSAGES.selectType,
  DOCUMENT_MESSAGES.selectCustomer,
  DOCUMENT_MESSAGES.selectApprover,
  DOCUMENT_MESSAGES.selectEffectiveDate,
  DOCUMENT_MESSAGES.enterDescriptionOfChange,
  DOCUMENT_MESSAGES.enterJustificationOfChange,
  DOCUMENT_MESSAGES.selectDocumentLogo,
];
const CHILD_MESSAGES = [
  DOCUMENT_MESSAGES.enterIfuNumber,
  DOCUMENT_MESSAGES.enterPartNumber,
  DOCUMENT_MESSAGES.enterBillOfMaterial,
  DOCUMENT_MESSAGES.enterDescriptionOfChange,
  DOCUMENT_MESSAGES.enterJustificationOfChange,
  DOCUMENT_MESSAGES.selectCountry,
  DOCUMENT_MESSAGES.selectDocument,
  DOCUMENT_MESSAGES.enterKeywords,
  DOCUMENT_MESSAGES.selectLanguage,
];
/** The upload modal closes this long after success (UPLOAD_MODAL_CLOSE_MS in the portal). */
const UPLOAD_MODAL_CLOSE_MS = 1_000;
/** The wizard opens the list this long after the server took the change order (ADD_REDIRECT_MS in the portal). */
const ADD_REDIRECT_MS = 3_000;
/** The signer's fields left empty: the username is the signed-in user's, filled in, so only these are asked for. */
const SIGN_MESSAGES = [DOCUMENT_MESSAGES.enterPassword, DOCUMENT_MESSAGES.enterComments];

describe.skipIf(skipUnless(['chromium']))('Authoring documents in headless Chromium: the Add wizard, Edit child, Add child, Edit parent', () => {
  let product: TestProduct;
  let browser: Browser;
  let approverId: string;
  let customerId: string;
  let dir: string;
  const files: Record<'a' | 'b' | 'child1' | 'child2' | 'child3' | 'logo', string> = { a: '', b: '', child1: '', child2: '', child3: '', logo: '' };
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    dir = mkdtempSync(join(tmpdir(), 'ifu-docs-'));
    const write = async (name: string, bytes: Buffer | Promise<Buffer>) => {
      const path = join(dir, name);
      writeFileSync(path, await bytes);
      return path;
    };
    files.a = await write('risk-analysis.pdf', makePdf('Risk analysis'));
    files.b = await write('labelling.pdf', makePdf('Labelling review'));
    files.child1 = await write('ifu-german.pdf', makePdf('Gebrauchsanweisung'));
    files.child2 = await write('ifu-english.pdf', makePdf('Instructions for use'));
    files.child3 = await write('ifu-french.pdf', makePdf("Mode d'emploi"));
    files.logo = await write('product-logo.png', PNG_1X1);

    approverId = await product.api.createUser({ ...APPROVER, role: 'ADMIN' });
    const admin = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const added = await sendForm(
      product.api.url,
      'POST',
      '/customer/add',
      multipart(
        { customerName: CUSTOMER, contactInformation: '5550102030', contactEmail: 'docs@clinic.example', countryExclusionList: 'DE', customerWebsiteLink: 'https://clinic.example', approverId },
        [{ field: 'customerLogo', bytes: PNG_1X1, name: 'c.png', type: 'image/png' }],
      ),
      admin,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    customerId = added.body.customer.id;
    // A second customer that is not approved: the wizard does not offer it.
    await sendForm(
      product.api.url,
      'POST',
      '/customer/add',
      multipart(
        { customerName: 'Pending Pharmacy', contactInformation: '5550102031', contactEmail: 'p@pharmacy.example', countryExclusionList: 'DE', customerWebsiteLink: 'https://pharmacy.example', approverId },
        [{ field: 'customerLogo', bytes: PNG_1X1, name: 'p.png', type: 'image/png' }],
      ),
      admin,
    );
    const approverToken = await product.api.login(APPROVER.email, APPROVER.password);
    const approved = await product.api.call('POST', '/customer/approve/add', {
      token: approverToken,
      headers: await reviewedCustomer(product.api, approverToken, customerId),
      body: { customerId, customerApproverId: approverId, customerApproval: true, changeDescription: 'ok', username: APPROVER.email, password: APPROVER.password },
    });
    expect(approved.status).toBe(200);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  const logIn = async (viewport: Viewport): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    // The page's clock under the test's hand (it runs on by itself until paused): the wizard's timers are checked on both sides.
    await context.clock.install();
    const page = await context.newPage();
    await logInReusingSession(page, product, ADMIN_EMAIL, ADMIN_PASSWORD);
    return page;
  };

  const shot = async (page: Page, viewport: Viewport, name: string) => {
    // From the top: a full-page shot of a scrolled page draws the fixed header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/documents-${viewport.name}-${name}.png`, fullPage: true, animations: 'disabled' });
  };

  /** A toast saying exactly `text` (or matching it): 'Child Document Updated' is not 'Document Updated'. */
  const toast = (page: Page, text: string | RegExp) =>
    page.getByTestId('toast').filter({ hasText: typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text });

  const expectMessages = async (scope: Locator, messages: readonly string[]) => {
    for (const message of messages) await scope.getByText(message, { exact: true }).first().waitFor();
  };

  /** Picks an option of an MUI select by its label. */
  const choose = async (page: Page, scope: Locator, label: string, option: string | RegExp) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option', { name: option }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  };

  /** Adds an option of a searchable multi-select (country, language). */
  const pick = async (page: Page, scope: Locator, label: string, search: string, option: string) => {
    const input = scope.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(search);
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
  };

  /** The Effective Date, typed into the field's sections (day, month, year). */
  const chooseEffectiveDate = async (page: Page, scope: Locator) => {
    await scope.getByRole('group', { name: 'Effective Date' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('01122026');
    return '01/12/2026';
  };

  const fillChild = async (page: Page, form: Locator, values: { lot: string; part: string; keywords: string }, referenceLabel = 'IFU Number') => {
    await form.getByLabel(referenceLabel).fill(values.lot);
    await form.getByLabel('Part Number').fill(values.part);
    await form.getByLabel('Bill of Material').fill('BOM-7');
    await form.getByLabel('Keywords').fill(values.keywords);
    await pick(page, form, 'Country', 'Germ', 'Germany');
    await pick(page, form, 'Country', 'United Sta', 'United States');
    await pick(page, form, 'Language', 'Germ', 'German');
    await form.getByLabel('Description of Change').fill('First issue');
    await form.getByLabel('Justification of Change').fill('New product');
  };

  const fillSigner = async (form: Locator, password = ADMIN_PASSWORD) => {
    await form.getByLabel('Username').fill(ADMIN_EMAIL);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Comments').fill('Ready for review');
  };

  const getChangeOrder = async (id: string): Promise<ChangeOrderView> => {
    const token = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await product.api.call('GET', `/document/get/${encodeURIComponent(id)}`, { token });
    expect(response.status).toBe(200);
    return response.body as ChangeOrderView;
  };

  /** A change order made through the API: two supporting PDFs and one child, by the first administrator. */
  const givenChangeOrder = async (): Promise<ChangeOrderView> => {
    const token = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const parent = await sendForm(
      product.api.url,
      'POST',
      '/document/addDocumentFiles',
      multipart({ isParent: 'true' }, [pdfPart('parentDocuments', await makePdf('Risk'), 'risk.pdf'), pdfPart('parentDocuments', await makePdf('Label'), 'label.pdf'), logoPart()]),
      token,
    );
    expect(parent.status, JSON.stringify(parent.body)).toBe(200);
    const child = await sendForm(product.api.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', await makePdf('IFU'), 'ifu.pdf')]), token);
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    const response = await product.api.call('POST', '/document/addDocumentListData', {
      token,
      body: {
        ...parentFields(customerId, approverId, { productFamilyName: 'Stent Delivery System' }),
        uploadParentDocumentFileId: parent.body.uploadParentDocumentFileId,
        list: [{ ...childFields({ associatedReferenceNumber: 'IFU-STENT-1' }), uploadDocumentFileId: child.body.uploadChildDocumentFileId }],
        username: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        comments: 'Arranged',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { document: ChangeOrderView }).document;
  };

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width} px (${viewport.name})`, () => {
      /** The Add wizard: errors on an empty Start, upload with a bar per file, two children with Add More Document, Uploaded Doc, submit, then the list. */
      const addThroughWizard = async (page: Page) => {
        await page.goto(`${product.adminUrl}/document/add`);
        await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Add Document');
        const start = page.getByTestId('wizard-start');
        // No 'Next' before the files are uploaded.
        expect(await start.getByRole('button', { name: 'Next' }).count()).toBe(0);
        await start.getByRole('button', { name: DOCUMENT_MESSAGES.uploadAllFile }).click();
        await expectMessages(start, START_MESSAGES);
        expect(await page.getByTestId('upload-parent-dialog').count()).toBe(0);
        await shot(page, viewport, 'wizard-start-errors');

        // The Start step filled in; only the approved customer is offered.
        await start.getByTestId('supporting-files-input').setInputFiles([files.a, files.b]);
        await expect.poll(() => start.getByTestId('chosen-file').count()).toBe(2);
        await start.getByRole('button', { name: 'Remove labelling.pdf' }).click();
        await expect.poll(() => start.getByTestId('chosen-file').count()).toBe(1);
        await start.getByTestId('supporting-files-input').setInputFiles([files.b]);
        await expect.poll(() => start.getByTestId('chosen-file').allTextContents()).toEqual([
          expect.stringContaining('risk-analysis.pdf'),
          expect.stringContaining('labelling.pdf'),
        ]);
        await start.getByTestId('document-logo-input').setInputFiles(files.logo);
        await start.getByTestId('document-logo-preview').waitFor();
        await start.getByLabel('Product Name').fill('Cardio Catheter');
        await start.getByRole('radio', { name: 'Offline' }).check();
        await start.getByRole('radio', { name: 'Model/Product Information' }).check();
        await start.getByRole('combobox', { name: 'Customer' }).click();
        await expect.poll(() => page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([CUSTOMER]);
        await page.getByRole('option', { name: CUSTOMER }).click();
        await choose(page, start, 'Approver', `Alma Approver (${APPROVER.email})`);
        const effective = await chooseEffectiveDate(page, start);
        await start.getByLabel('Description of Change').fill('Initial release of the catheter IFUs');
        await start.getByLabel('Justification of Change').fill('Market launch');
        await expect.poll(() => start.locator('.Mui-error').count()).toBe(0);

        // 'Upload All File': asked first, then a bar per file, 'Uploaded Successfully', closed a second later.
        await start.getByRole('button', { name: DOCUMENT_MESSAGES.uploadAllFile }).click();
        const upload = page.getByTestId('upload-parent-dialog');
        await upload.getByText(DOCUMENT_MESSAGES.confirmUpload, { exact: true }).waitFor();
        await shot(page, viewport, 'wizard-upload-confirm');
        // From the upload on, the page's clock is moved by hand: the modal closes a second after success, not before.
        await pauseClock(page);
        await upload.getByRole('button', { name: 'Upload', exact: true }).click();
        await stepUntil(page, async () => (await upload.filter({ hasText: DOCUMENT_MESSAGES.uploadedSuccessfully }).count()) > 0);
        const bars = await upload
          .locator('[role="progressbar"]')
          .evaluateAll((elements) => elements.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')]));
        expect(bars).toEqual([
          ['Upload of risk-analysis.pdf', '100'],
          ['Upload of labelling.pdf', '100'],
          ['Upload of product-logo.png', '100'],
        ]);
        // 'Next' only once the modal has closed (read from the markup: the open modal hides the page from the roles).
        const nextOnStart = start.locator('button').filter({ hasText: /^\s*Next\s*$/ });
        expect(await nextOnStart.count()).toBe(0);
        await page.screenshot({ path: `${SCREENSHOTS}/documents-${viewport.name}-wizard-uploaded.png`, animations: 'disabled' });
        await page.clock.runFor(UPLOAD_MODAL_CLOSE_MS - 100);
        expect(await upload.count(), 'the upload modal closed before a second had passed').toBe(1);
        expect(await nextOnStart.count()).toBe(0);
        await page.clock.runFor(200);
        await page.clock.resume();
        await upload.waitFor({ state: 'detached' });
        await start.getByRole('button', { name: 'Next' }).click();

        // Change/New: the errors, then the first child with its upload.
        const child = page.getByTestId('wizard-child');
        await child.getByRole('button', { name: 'Next' }).click();
        await expectMessages(child, CHILD_MESSAGES);
        await shot(page, viewport, 'wizard-child-errors');
        await fillChild(page, child, { lot: 'LOT-DE-1', part: 'PN-100', keywords: 'catheter sterile' });
        await child.getByTestId('child-document-input').setInputFiles(files.child1);
        await child.getByRole('button', { name: DOCUMENT_MESSAGES.uploadFile }).click();
        await child.getByTestId('child-upload-result').filter({ hasText: DOCUMENT_MESSAGES.uploadedServer }).waitFor();
        expect(await child.getByRole('progressbar', { name: 'Upload of ifu-german.pdf' }).getAttribute('aria-valuenow')).toBe('100');
        await shot(page, viewport, 'wizard-child');
        await child.getByRole('button', { name: 'Next' }).click();

        // Preview: the signer's errors, the summary, then 'Add More Document'.
        const preview = page.getByTestId('wizard-preview');
        await preview.getByRole('button', { name: 'Submit' }).click();
        await expectMessages(preview, SIGN_MESSAGES);
        expect(await preview.getByLabel('Username').inputValue()).toBe(ADMIN_EMAIL);
        const summary = page.getByTestId('preview-summary');
        await expect.poll(() => summary.textContent()).toContain('Cardio Catheter');
        const summaryText = await summary.textContent();
        for (const text of ['Offline', 'Model/Product Information', CUSTOMER, 'Alma Approver', effective, 'LOT-DE-1', 'Germany, United States', 'German', 'ifu-german.pdf']) {
          expect(summaryText).toContain(text);
        }
        await shot(page, viewport, 'wizard-preview-errors');
        const uploadedDoc = page.getByTestId('uploaded-doc-button');
        expect(await page.getByTestId('uploaded-doc-count').textContent()).toContain('0');
        await preview.getByRole('button', { name: DOCUMENT_MESSAGES.addMoreDocument }).click();

        // Back at Start with the parent locked and Next at hand; one document saved.
        await start.getByTestId('parent-locked').waitFor();
        expect(await start.getByLabel('Product Name').isDisabled()).toBe(true);
        expect(await start.getByLabel('Product Name').inputValue()).toBe('Cardio Catheter');
        expect(await start.getByRole('radio', { name: 'Offline' }).isDisabled()).toBe(true);
        expect(await page.getByTestId('uploaded-doc-count').textContent()).toContain('1');
        await shot(page, viewport, 'wizard-start-locked');
        await start.getByRole('button', { name: 'Next' }).click();

        // The second child: Next uploads its file.
        await expect.poll(() => child.getByLabel('IFU Number').inputValue()).toBe('');
        await fillChild(page, child, { lot: 'LOT-EN-2', part: 'PN-200', keywords: 'catheter english' });
        await child.getByTestId('child-document-input').setInputFiles(files.child2);
        await child.getByRole('button', { name: 'Next' }).click();
        await preview.waitFor();
        await expect.poll(() => summary.getByTestId('preview-child').count()).toBe(2);

        if (viewport.name === 'desktop') {
          // A second 'Add More Document', then edit the second saved one from 'Uploaded Doc' and submit with Update.
          await preview.getByRole('button', { name: DOCUMENT_MESSAGES.addMoreDocument }).click();
          await start.getByTestId('parent-locked').waitFor();
          await uploadedDoc.click();
          const list = page.getByTestId('uploaded-docs-dialog');
          await expect.poll(() => list.getByTestId('saved-document').count()).toBe(2);
          await shot(page, viewport, 'wizard-uploaded-doc');
          await list.getByRole('button', { name: 'Edit LOT-EN-2 (ifu-english.pdf)' }).click();
          await list.waitFor({ state: 'detached' });
          await expect.poll(() => child.getByLabel('IFU Number').inputValue()).toBe('LOT-EN-2');
          expect(await child.getByLabel('Part Number').inputValue()).toBe('PN-200');
          await child.getByLabel('Keywords').fill('catheter english revised');
          await child.getByRole('button', { name: 'Next' }).click();
          expect(await preview.getByRole('button', { name: DOCUMENT_MESSAGES.addMoreDocument }).count()).toBe(0);
          await fillSigner(preview);
          // From the submission on, the page's clock is moved by hand: the list opens 3 seconds later, not before.
          await pauseClock(page);
          await preview.getByRole('button', { name: 'Update' }).click();
        } else {
          // The list of saved ones, then Submit with both.
          await uploadedDoc.click();
          const list = page.getByTestId('uploaded-docs-dialog');
          await expect.poll(() => list.getByTestId('saved-document').count()).toBe(1);
          await shot(page, viewport, 'wizard-uploaded-doc');
          await list.getByRole('button', { name: 'Close' }).click();
          await list.waitFor({ state: 'detached' });
          // A wrong signature is refused with the server's message, and nothing is lost.
          await fillSigner(preview, 'not my password');
          await preview.getByRole('button', { name: 'Submit' }).click();
          await toast(page, /^Signature refused/).waitFor();
          await preview.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
          // From the submission on, the page's clock is moved by hand: the list opens 3 seconds later, not before.
          await pauseClock(page);
          await preview.getByRole('button', { name: 'Submit' }).click();
        }

        // The server's message; the list opens 3 seconds later (a single-page navigation), not before.
        const addedToast = page.getByTestId('toast').filter({ hasText: /Added Succesfully/ });
        await stepUntil(page, async () => (await addedToast.count()) > 0);
        const addedText = (await addedToast.textContent()) ?? '';
        expect(addedText).toMatch(/^Document CO-\d{4}-\d{5} Added Succesfully\.\.!!$/);
        const documentId = /CO-\d{4}-\d{5}/.exec(addedText)![0];
        await page.clock.runFor(ADD_REDIRECT_MS - 200);
        expect(page.url(), 'the list opened before 3 seconds had passed').not.toContain('/document/list');
        await page.clock.runFor(400);
        await page.clock.resume();
        await page.waitForURL('**/document/list');
        // The list screen is another piece of work: here only that it loads.
        await page.getByTestId('page-title').waitFor();

        // What the server keeps: the parent, both children in order, their files.
        const token = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
        const listed = await product.api.call('GET', '/document/getDocumentList', { token });
        const entry = (listed.body as { data: { list: { documentId: string; parentChangeId: string }[] } }).data.list.find((d) => d.documentId === documentId);
        expect(entry).toBeDefined();
        const stored = await getChangeOrder(entry!.parentChangeId);
        expect(stored).toMatchObject({ productFamilyName: 'Cardio Catheter', isInternal: true, changeType: 'Model/Product Information', customerId, approverId });
        // In the order the Start step listed them (the upload keeps the order it was sent in).
        expect(stored.parentDocumentList.map((f) => f.docName)).toEqual(['risk-analysis.pdf', 'labelling.pdf']);
        expect(stored.children.map((c) => [c.associatedReferenceNumber, c.docName, c.countryList, c.languageList])).toEqual([
          ['LOT-DE-1', 'ifu-german.pdf', 'DE,US', 'de'],
          ['LOT-EN-2', 'ifu-english.pdf', 'DE,US', 'de'],
        ]);
        expect(stored.children[1]!.keywords).toBe(viewport.name === 'desktop' ? 'catheter english revised' : 'catheter english');
      };

      /** Edit child, Add child and Edit parent with the deletion of a supporting file, each signed. */
      const editChildAddChildEditParent = async (page: Page) => {
        const order = await givenChangeOrder();
        const viewUrl = `**/document/view/${encodeURIComponent(order.parentChangeId)}`;

        // Edit child: the stored values, the errors, a refused signature, then Update.
        const child = order.children[0]!;
        await page.goto(`${product.adminUrl}/document/editchild/${encodeURIComponent(child.childDocumentId)}`);
        await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Edit Child Document');
        const form = page.getByTestId('child-document-form');
        await expect.poll(() => form.getByLabel('IFU Number').inputValue()).toBe('IFU-STENT-1');
        await form.getByLabel('Keywords').fill('');
        // A GTIN whose check digit is wrong is refused next to its field, as the server would.
        await form.getByLabel('GTIN (optional)').fill('09506000134353');
        await form.getByRole('button', { name: 'Update' }).click();
        await expectMessages(form, [DOCUMENT_MESSAGES.enterKeywords, PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit, ...SIGN_MESSAGES]);
        await shot(page, viewport, 'edit-child-errors');
        await form.getByLabel('Keywords').fill('stent delivery');
        await form.getByLabel('GTIN (optional)').fill('09506000134352');
        await form.getByLabel('Further lots (optional)').fill('IFU-STENT-1B');
        await fillSigner(form);
        await form.getByRole('button', { name: 'Update' }).click();
        await toast(page, DOCUMENT_MESSAGES.childUpdated).waitFor();
        await page.waitForURL(viewUrl);
        expect((await getChangeOrder(order.parentChangeId)).children[0]).toMatchObject({ keywords: 'stent delivery', gtin: '09506000134352', additionalLots: 'IFU-STENT-1B' });

        // Add child, reached directly: the document is needed.
        await page.goto(`${product.adminUrl}/document/${encodeURIComponent(order.parentChangeId)}/addchild`);
        await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Add Child Document');
        const add = page.getByTestId('child-document-form');
        await add.getByRole('button', { name: 'Add', exact: true }).click();
        await expectMessages(add, [...CHILD_MESSAGES, ...SIGN_MESSAGES]);
        await shot(page, viewport, 'add-child-errors');
        await fillChild(page, add, { lot: 'IFU-STENT-FR', part: 'PN-300', keywords: 'stent french' }, 'IFU Number');
        await add.getByTestId('child-document-input').setInputFiles(files.child3);
        await fillSigner(add);
        await add.getByRole('button', { name: 'Add', exact: true }).click();
        await toast(page, DOCUMENT_MESSAGES.childAdded).waitFor();
        await page.waitForURL(viewUrl);
        expect((await getChangeOrder(order.parentChangeId)).children.map((c) => c.associatedReferenceNumber)).toEqual(['IFU-STENT-1', 'IFU-STENT-FR']);

        // Edit parent: delete a supporting file (signed), then change the parent.
        await page.goto(`${product.adminUrl}/document/editparent/${encodeURIComponent(order.parentChangeId)}`);
        const parent = page.getByTestId('edit-parent-form');
        await expect.poll(() => parent.getByLabel('Product Name').inputValue()).toBe('Stent Delivery System');
        await expect.poll(() => parent.getByTestId('kept-file').count()).toBe(2);
        // The stored logo shows (it travels as a blob: URL), and the files open through the download call.
        await expect
          .poll(() =>
            parent.getByTestId('document-current-logo').evaluate((element) => {
              const img = element as HTMLImageElement;
              return img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:');
            }),
          )
          .toBe(true);
        const label = await openFileInNewTab(page, parent.getByRole('button', { name: 'label.pdf', exact: true }));
        expect(label.url.startsWith(`${product.api.url}/document/file/`)).toBe(true);
        expect(label.status).toBe(200);
        await shot(page, viewport, 'edit-parent');
        await parent.getByRole('button', { name: 'Delete risk.pdf' }).click();
        const confirm = page.getByTestId('delete-file-dialog');
        await confirm.getByText(`${DOCUMENT_MESSAGES.confirmDeleteFile} risk.pdf?`).waitFor();
        await confirm.getByRole('button', { name: 'Delete' }).click();
        expect(await confirm.getByLabel('Username').inputValue()).toBe(ADMIN_EMAIL);
        await expect.poll(() => confirm.getByText(DOCUMENT_MESSAGES.enterUsernameAndPassword, { exact: true }).count()).toBe(1);
        await shot(page, viewport, 'edit-parent-delete-file');
        await confirm.getByLabel('Username').fill(ADMIN_EMAIL);
        await confirm.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await confirm.waitFor({ state: 'detached' });
        // The server's answer to a deletion; closed, so that the Update's own answer is the one seen below.
        const deleted = toast(page, DOCUMENT_MESSAGES.updated);
        await deleted.waitFor();
        // (It may have gone by itself on a slow run.)
        await deleted.getByRole('button', { name: 'Close' }).click({ timeout: 2_000 }).catch(() => undefined);
        await deleted.waitFor({ state: 'detached' });
        await expect.poll(() => parent.getByTestId('kept-file').allTextContents()).toEqual([expect.stringContaining('label.pdf')]);
        expect((await getChangeOrder(order.parentChangeId)).parentDocumentList.map((f) => f.docName)).toEqual(['label.pdf']);

        await parent.getByLabel('Product Name').fill('');
        await parent.getByRole('button', { name: 'Update' }).click();
        await expectMessages(parent, [DOCUMENT_MESSAGES.enterProductName, ...SIGN_MESSAGES]);
        await shot(page, viewport, 'edit-parent-errors');
        await parent.getByLabel('Product Name').fill('Stent Delivery System II');
        await parent.getByRole('radio', { name: 'Offline' }).check();
        // A safety revision: the switch says what it does.
        const safety = parent.getByLabel('Safety revision', { exact: true });
        expect(await safety.isChecked()).toBe(false);
        await expect.poll(() => safety.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toContain('is mailed once, with a link to the new version');
        await safety.check();
        await parent.getByTestId('supporting-files-input').setInputFiles([files.a]);
        await fillSigner(parent);
        // The version the screen holds is the one after the deletion: no conflict.
        await parent.getByRole('button', { name: 'Update' }).click();
        await toast(page, DOCUMENT_MESSAGES.updated).waitFor();
        await page.waitForURL(viewUrl);
        const updated = await getChangeOrder(order.parentChangeId);
        expect(updated).toMatchObject({ productFamilyName: 'Stent Delivery System II', isInternal: true, safetyRevision: true, safetyNotices: { notified: 0, opened: 0 } });
        await expect.poll(() => page.getByTestId('view-safety-revision').textContent()).toContain('Safety revision: 0 readers notified, 0 opened the new version');
        expect(updated.parentDocumentList.map((f) => f.docName)).toEqual(['label.pdf', 'risk-analysis.pdf']);
      };

      it('the Add wizard (errors on an empty Start, upload with a bar per file, two children with Add More Document, Uploaded Doc, submit, then the list), then Edit child, Add child and Edit parent with the deletion of a supporting file, each signed', async () => {
        const page = await logIn(viewport);
        await addThroughWizard(page);
        await editChildAddChildEditParent(page);
      }, 300_000);
    });
  }
});
