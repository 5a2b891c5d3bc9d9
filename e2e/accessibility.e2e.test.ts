import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserPages, useBrowserProduct } from '../test-support/browser-product';
import { arrangeChangeOrder, arrangeDecision, openEveryFile } from '../test-support/document-arrangements';
import { childFields, logoPart, makePdf, multipart, parentFields, pdfPart, sendForm } from '../test-support/documents';
import { PNG_1X1 } from '../test-support/images';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { reviewedCustomer } from '../test-support/reviewed-versions';
import { skipUnless } from '../test-support/machine-needs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const VIEWPORTS = DESKTOP_AND_PHONE;

type Violation = { rule: string; impact: string | null | undefined; help: string; nodes: string[] };

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

/** Waits until no transition or finite animation is running (a dialog fading in would skew the contrast checks). */
const settle = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/** axe-core's violations on the page as it is now (every rule axe runs by default: WCAG A/AA and best practices). */
async function axeViolations(page: Page): Promise<Violation[]> {
  await settle(page);
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') stays as it is.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const results = await window.axe!.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
  });
}

/** Checks the page with axe, saves a screenshot of what was checked and records any violation (soft: every state is checked). */
async function expectAccessible(page: Page, viewport: Viewport, state: string) {
  const violations = await axeViolations(page);
  await page.screenshot({ path: `${SCREENSHOTS}/a11y-${viewport.name}-${state}.png`, animations: 'disabled' });
  const report = violations.map((v) => `  ${v.rule} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    - ${n}`).join('\n')}`).join('\n');
  expect.soft(violations.map((v) => v.rule), `axe violations on ${state} at ${viewport.width}px:\n${report}`).toEqual([]);
}

/** One change order to author against, and its first child (Edit parent, Edit child and Add child open it). */
type AuthoringOrder = { parentChangeId: string; children: { childDocumentId: string }[] };
/** A change order, and the id its rows show. */
type Arranged = { parentChangeId: string; documentId: string };

/**
 * Every built page, each state checked with axe and screenshotted, walked as a few journeys per width: signed out, as
 * the bootstrap ADMIN, and as an approver. The data they read is arranged once for the file; what a journey changes
 * (the change order it approves, the account whose password link it opens) is arranged for its width alone, so each
 * journey runs as well alone (`-t`) as after the others.
 */
describe.skipIf(skipUnless(['chromium']))('axe-core finds no accessibility violation on any built page', () => {
  let product: TestProduct;
  let serial = 0;
  /** A name no other arrangement uses (customer names and emails are unique on the server). */
  const unique = (prefix: string) => `${prefix} ${(serial += 1)}`;
  const uniqueEmail = (prefix: string) => `${prefix}.${(serial += 1)}@example.com`;

  const suite = useBrowserProduct();
  const newPage = useBrowserPages(suite);

  /** An ADMIN who approves customers and change orders; the journeys log in as them too. */
  const approver = { email: uniqueEmail('approver'), password: 'approver passphrase 1', id: '' };
  /** What the journeys read and leave as it was, arranged once. */
  const arranged = {
    customers: { tag: '', pending: '', approved: '', rejected: '' },
    documentsCustomer: { id: '', name: '' },
    authoring: undefined as unknown as AuthoringOrder,
    listed: undefined as unknown as Arranged,
    searched: { documentId: '', word: 'nebulite' },
    notice: '',
  };
  /** Per width: the newcomer whose emailed link is opened, and the two change orders the approval journey decides. */
  const perWidth = new Map<string, { newcomerLinkToken: string; approval: { first: Arranged; second: Arranged } }>();

  const addCustomer = async (adminToken: string, customerName: string, approverId: string): Promise<string> => {
    const body = new FormData();
    body.set('customerName', customerName);
    body.set('contactInformation', '4930901820');
    body.set('contactEmail', `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.com`);
    body.set('countryExclusionList', 'DE,US');
    body.set('customerWebsiteLink', 'https://example.com');
    body.set('approverId', approverId);
    body.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
    const response = await fetch(`${product.api.url}/customer/add`, { method: 'POST', body, headers: { authorization: `Bearer ${adminToken}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { customer: { id: string } }).customer.id;
  };

  const decide = async (approverToken: string, customerId: string, approve: boolean) => {
    const response = await product.api.call('POST', '/customer/approve/add', {
      token: approverToken,
      headers: await reviewedCustomer(product.api, approverToken, customerId),
      body: {
        customerId,
        customerApproverId: approver.id,
        customerApproval: approve,
        changeJustification: approve ? '' : 'Quality agreement not signed yet',
        username: approver.email,
        password: approver.password,
      },
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    ({ product } = suite);
    const author = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    approver.id = await product.api.createUser({ ...approver, role: 'ADMIN', firstName: 'Alma', lastName: 'Approver' });
    const adminToken = await product.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const approverToken = await product.api.login(approver.email, approver.password);

    // /manageuser lists a colleague beside the ADMINs.
    await product.api.createUser({ email: uniqueEmail('colleague'), role: 'USER', password: 'colleague passphrase', firstName: 'Cleo', lastName: 'Colleague' });

    // /managecustomer: one of each status, found by one tag in their names. The approved one has a customer portal page.
    const tag = unique('run');
    const customers = { tag, pending: `Pending Pharma ${tag}`, approved: `Approved Apothecary ${tag}`, rejected: `Rejected Remedies ${tag}` };
    await addCustomer(adminToken, customers.pending, approver.id);
    await decide(approverToken, await addCustomer(adminToken, customers.approved, approver.id), true);
    await decide(approverToken, await addCustomer(adminToken, customers.rejected, approver.id), false);
    arranged.customers = customers;

    // The change orders' customer.
    const documentsCustomer = { name: unique('Documented Devices'), id: '' };
    documentsCustomer.id = await addCustomer(adminToken, documentsCustomer.name, approver.id);
    await decide(approverToken, documentsCustomer.id, true);
    arranged.documentsCustomer = documentsCustomer;
    const customerId = documentsCustomer.id;

    // A change order to edit (Edit parent, Edit child, Add child), made through the API as the wizard makes it.
    const parentUpload = await sendForm(product.api.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, [pdfPart('parentDocuments', await makePdf('Risk'), 'risk.pdf'), logoPart()]), adminToken);
    const childUpload = await sendForm(product.api.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', await makePdf('IFU'), 'ifu.pdf')]), adminToken);
    const created = await product.api.call('POST', '/document/addDocumentListData', {
      token: adminToken,
      body: {
        ...parentFields(customerId, approver.id),
        uploadParentDocumentFileId: parentUpload.body.uploadParentDocumentFileId,
        list: [{ ...childFields(), uploadDocumentFileId: childUpload.body.uploadChildDocumentFileId }],
        username: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        comments: 'Arranged',
      },
    });
    expect(created.status).toBe(200);
    arranged.authoring = (created.body as { document: AuthoringOrder }).document;

    // A change order whose text has a word to search for.
    arranged.searched.documentId = (
      await arrangeChangeOrder(product.api, {
        author,
        approverId: approver.id,
        customerId,
        productName: unique('Search Pump'),
        children: [{ lotNumber: 'LOT-A11Y-S', partNumber: 'PN-S', pdfLines: ['Instructions for use', `Never expose the pump to ${arranged.searched.word} light.`] }],
      })
    ).documentId;

    // Per width, a change order approved and its successor pending: the approval journey decides the successor.
    for (const viewport of VIEWPORTS) {
      const productName = unique(`Bone Screw ${viewport.name}`);
      const children = [{ lotNumber: `LOT-A11Y-V-${viewport.name}`, partNumber: 'PN-V' }];
      const first = await arrangeChangeOrder(product.api, { author, approverId: approver.id, customerId, productName, children });
      await arrangeDecision(product.api, { parentChangeId: first.parentChangeId, approver, approve: true });
      const second = await arrangeChangeOrder(product.api, { author, approverId: approver.id, customerId, productName, children });

      // A newcomer with an emailed set-password link (a printed name of its own: two active users may not share one).
      const email = uniqueEmail('newcomer');
      const added = await product.api.call('POST', '/user/add', {
        token: adminToken,
        body: { email, firstName: 'Nina', lastName: `Newcomer ${viewport.name}`, role: 'USER', isTrainingCompleted: true },
      });
      expect(added.status).toBe(200);
      const newcomerLinkToken = await vi.waitFor(() => product.api.passwordLinkToken(email), { timeout: 30_000, interval: 100 });
      perWidth.set(viewport.name, { newcomerLinkToken, approval: { first, second } });
    }

    // The pending change order of the list and view, last: the newest, on the first page of every list.
    arranged.listed = await arrangeChangeOrder(product.api, {
      author,
      approverId: approver.id,
      customerId,
      productName: unique('Infusion Pump'),
      children: [
        { lotNumber: 'LOT-A11Y-1', partNumber: 'PN-1' },
        { lotNumber: 'LOT-A11Y-2', partNumber: 'PN-2' },
      ],
    });

    arranged.notice = unique('Portal maintenance on Friday');
    const notice = await product.api.call('POST', '/user/addNotification', { token: adminToken, body: { customerID: null, productID: null, notificationText: arranged.notice } });
    expect(notice.status).toBe(200);
  }, 600_000);

  /** Logged in once through the form per account; later journeys reuse that session (browser-product.ts). */
  const logIn = async (viewport: Viewport, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<Page> => {
    const page = await newPage(viewport);
    await logInReusingSession(page, product, email, password);
    return page;
  };

  const pageTitle = async (page: Page, title: string) => {
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(title);
  };

  // The parts of the journeys: each starts by going to its first address, and leaves the page wherever it ended.

  /** admin /login: the username step (empty and with its errors) and the password step. */
  const loginSteps = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/login`);
    await page.getByLabel('Username/Email').waitFor();
    await expectAccessible(page, viewport, 'login-username');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is required').waitFor();
    await expectAccessible(page, viewport, 'login-username-error');
    await page.getByLabel('Username/Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('login-error').waitFor();
    await expectAccessible(page, viewport, 'login-password');
  };

  /** admin /sendRequest, with the info toast that leads to it. */
  const sendRequest = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/login`);
    await page.getByLabel('Username/Email').fill(uniqueEmail('stranger'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/sendRequest');
    await page.getByTestId('send-request-text').waitFor();
    await page.getByTestId('toast').waitFor();
    await expectAccessible(page, viewport, 'send-request');
  };

  /** admin /user/setpassword/<token> from an emailed link, and /user/setpassword (expired). */
  const setPassword = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/user/setpassword/${perWidth.get(viewport.name)!.newcomerLinkToken}`);
    await page.getByLabel('New Password').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Confirm Password').fill('not the same');
    await expectAccessible(page, viewport, 'set-password-token');
    await page.goto(`${product.adminUrl}/user/setpassword`);
    await page.getByTestId('set-password-text').waitFor();
    await expectAccessible(page, viewport, 'set-password-expired');
  };

  /** admin /user/confirm/<token> and /user/unlock/<token> (emailed links), before and after the button. */
  const confirmAndUnlock = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/user/confirm/not-a-real-token`);
    await page.getByRole('button', { name: 'Confirm the change' }).waitFor();
    await expectAccessible(page, viewport, 'confirm-change');
    await page.getByRole('button', { name: 'Confirm the change' }).click();
    await page.getByTestId('link-action-result').waitFor();
    await expectAccessible(page, viewport, 'confirm-change-refused');
    await page.goto(`${product.adminUrl}/user/unlock/not-a-real-token`);
    await page.getByRole('button', { name: 'Unlock my account' }).waitFor();
    await expectAccessible(page, viewport, 'unlock');
  };

  /** Customer portal: the page of an approved customer with the terms popup, the search link page and Contact US. */
  const customerPortal = async (page: Page, viewport: Viewport) => {
    const name = arranged.customers.approved;
    await page.goto(`${product.customerUrl}/docSearch/${encodeURIComponent(name)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain(name);
    await expectAccessible(page, viewport, 'customer-doc-search');

    await page.getByRole('button', { name: 'Terms And Condition' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('25 Feb 2021');
    await expectAccessible(page, viewport, 'customer-terms');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const search = new URLSearchParams({ customerName: name, parentChangeId: 'CR-1001', encryptedEmail: 'b64:c2VhcmNo' });
    await page.goto(`${product.customerUrl}/customerDocSearch?${search.toString()}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, viewport, 'customer-search-link');
    await page.goto(`${product.customerUrl}/customerDocSearch`);
    await page.getByRole('status').waitFor();
    await expectAccessible(page, viewport, 'customer-search-link-incomplete');

    await page.goto(`${product.customerUrl}/contactus`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, viewport, 'customer-contact-us');
  };

  /** The logged-in shell: My tasks, documents, search, add, query, archive and change password, with the menus open. */
  const shell = async (page: Page, viewport: Viewport) => {
    const screens = [
      ['/tasks', 'my-tasks'],
      ['/document/list', 'document-list'],
      ['/document/search', 'document-search'],
      ['/document/add', 'document-add'],
      ['/query', 'query'],
      ['/archive', 'archive'],
      ['/paperCopies', 'paper-copies'],
      ['/password', 'change-password'],
    ] as const;
    for (const [path, state] of screens) {
      await page.goto(`${product.adminUrl}${path}`);
      await page.getByTestId('page-title').waitFor();
      await page.getByTestId('side-menu').or(page.getByRole('button', { name: 'Open menu' })).first().waitFor();
      await expectAccessible(page, viewport, state);
    }
    // Change password with its validation messages.
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'change-password-errors');

    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectAccessible(page, viewport, 'account-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    if (viewport.width < 900) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('side-menu').waitFor();
      await expectAccessible(page, viewport, 'side-menu-drawer');
    }
  };

  /** admin /document/list (both tabs) and /document/view/<id> with a pending change order, and its deactivate dialog. */
  const documentListAndView = async (page: Page, viewport: Viewport) => {
    const { parentChangeId, documentId } = arranged.listed;
    await page.goto(`${product.adminUrl}/document/list`);
    const grid = page.getByTestId('documents-grid');
    await grid.getByRole('row').filter({ hasText: documentId }).getByTestId('document-status').waitFor();
    await expectAccessible(page, viewport, 'document-list-pending');
    await page.getByRole('tab', { name: 'All Documents' }).click();
    await page.waitForURL('**/document/list?tab=all');
    await grid.getByRole('row').filter({ hasText: documentId }).getByTestId('document-status').waitFor();
    await expectAccessible(page, viewport, 'document-list-all');

    await page.goto(`${product.adminUrl}/document/view/${parentChangeId}`);
    await page.getByTestId('child-document').first().waitFor();
    await expectAccessible(page, viewport, 'document-view');
    await page.getByRole('button', { name: `Deactivate change order ${documentId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Change Order' });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-deactivate-dialog');
  };

  /** admin /document/search: the form, its results (with a snippet) and No Data Found. */
  const documentSearch = async (page: Page, viewport: Viewport) => {
    const { documentId, word } = arranged.searched;
    await page.goto(`${product.adminUrl}/document/search`);
    const form = page.getByTestId('document-search-form');
    await form.waitFor();
    await expectAccessible(page, viewport, 'document-search-empty');
    await form.getByLabel('Search', { exact: true }).fill(word);
    await form.getByRole('button', { name: 'Submit' }).click();
    const found = page.getByTestId('search-results-grid').getByRole('row').filter({ hasText: documentId });
    await found.getByTestId('search-snippet').locator('mark').waitFor();
    await expectAccessible(page, viewport, 'document-search-results');
    await form.getByLabel('Search', { exact: true }).fill('nothing-matches-this');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('search-no-data').waitFor();
    await expectAccessible(page, viewport, 'document-search-no-data');
  };

  /** Document authoring: the Add wizard steps with their errors and dialogs, Edit parent, Edit child and Add child. */
  const documentAuthoring = async (page: Page, viewport: Viewport) => {
    const order = arranged.authoring;
    await page.goto(`${product.adminUrl}/document/add`);
    const start = page.getByTestId('wizard-start');
    await start.getByRole('button', { name: 'Upload All File' }).click();
    await start.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-add-start-errors');
    await page.getByTestId('uploaded-doc-button').click();
    await page.getByTestId('no-documents-saved').waitFor();
    await expectAccessible(page, viewport, 'document-add-uploaded-doc');
    await page.keyboard.press('Escape');
    await page.getByTestId('uploaded-docs-dialog').waitFor({ state: 'detached' });

    await start.getByTestId('supporting-files-input').setInputFiles({ name: 'risk.pdf', mimeType: 'application/pdf', buffer: await makePdf('Risk') });
    await start.getByTestId('document-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await start.getByLabel('Product Name').fill('Cardio Catheter');
    await start.getByRole('radio', { name: 'Online' }).check();
    await start.getByRole('radio', { name: 'Record' }).check();
    await start.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: arranged.documentsCustomer.name }).click();
    await start.getByRole('combobox', { name: 'Approver' }).click();
    await page.getByRole('option', { name: new RegExp(approver.email.replace(/[.]/g, '\\.')) }).click();
    await start.getByRole('group', { name: 'Effective Date' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('01122026');
    await start.getByLabel('Description of Change').fill('Initial release');
    await start.getByLabel('Justification of Change').fill('Market launch');
    await start.getByRole('button', { name: 'Upload All File' }).click();
    await page.getByTestId('upload-parent-dialog').getByText('Are you Sure to Upload Documents').waitFor();
    await expectAccessible(page, viewport, 'document-add-upload-confirm');
    await page.getByTestId('upload-parent-dialog').getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('upload-parent-dialog').waitFor({ state: 'detached' });
    await start.getByRole('button', { name: 'Next' }).click();
    const child = page.getByTestId('wizard-child');
    await child.getByRole('button', { name: 'Next' }).click();
    await child.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-add-child-errors');
    await child.getByLabel('IFU Number').fill('LOT-1');
    await child.getByLabel('Part Number').fill('PN-1');
    await child.getByLabel('Bill of Material').fill('BOM-1');
    await child.getByLabel('Keywords').fill('catheter');
    for (const [label, search, option] of [['Country', 'Germ', 'Germany'], ['Language', 'Germ', 'German']] as const) {
      await child.getByRole('combobox', { name: label }).fill(search);
      await page.getByRole('option', { name: option, exact: true }).click();
      await page.keyboard.press('Escape');
    }
    await child.getByLabel('Description of Change').fill('First issue');
    await child.getByLabel('Justification of Change').fill('New product');
    await child.getByTestId('child-document-input').setInputFiles({ name: 'ifu.pdf', mimeType: 'application/pdf', buffer: await makePdf('IFU') });
    await child.getByRole('button', { name: 'Upload File' }).click();
    await child.getByTestId('child-upload-result').waitFor();
    await expectAccessible(page, viewport, 'document-add-child-uploaded');
    await child.getByRole('button', { name: 'Next' }).click();
    const preview = page.getByTestId('wizard-preview');
    await preview.getByRole('button', { name: 'Submit' }).click();
    await preview.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-add-preview-errors');

    await page.goto(`${product.adminUrl}/document/editparent/${order.parentChangeId}`);
    const parent = page.getByTestId('edit-parent-form');
    await parent.getByTestId('kept-file').first().waitFor();
    await parent.getByRole('button', { name: 'Update' }).click();
    await parent.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-edit-parent-errors');
    await parent.getByRole('button', { name: 'Delete risk.pdf' }).click();
    await page.getByTestId('delete-file-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-file-dialog').locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-edit-parent-delete-file');

    await page.goto(`${product.adminUrl}/document/editchild/${order.children[0]!.childDocumentId}`);
    const edit = page.getByTestId('child-document-form');
    await expect.poll(() => edit.getByLabel('IFU Number').inputValue()).not.toBe('');
    await expectAccessible(page, viewport, 'document-edit-child');
    await page.goto(`${product.adminUrl}/document/${order.parentChangeId}/addchild`);
    const add = page.getByTestId('child-document-form');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-add-child-errors-page');
  };

  /** admin /manageuser: both tabs, the add-user modal with its errors and the audit dialog. */
  const manageUsers = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/manageuser`);
    await pageTitle(page, 'Users List');
    const grid = page.getByTestId('users-grid');
    await grid.getByRole('row').filter({ hasText: ADMIN_EMAIL }).waitFor();
    await expectAccessible(page, viewport, 'manage-users-active');
    await page.getByRole('tab', { name: 'ALL USERS' }).click();
    await grid.getByRole('columnheader', { name: 'STATUS' }).waitFor();
    await expectAccessible(page, viewport, 'manage-users-all');

    await page.getByRole('button', { name: 'ADD USER' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'SUBMIT' }).click();
    await modal.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'manage-users-add-modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Download Audit Reports' }).click();
    const audit = page.getByRole('dialog', { name: 'Download Audit Reports' });
    await audit.getByRole('group', { name: 'Date Start' }).waitFor();
    await expectAccessible(page, viewport, 'manage-users-audit-dialog');
  };

  /** admin /addcustomer/create with its validation messages. */
  const addCustomerForm = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/addcustomer/create`);
    const form = page.getByTestId('customer-form');
    await form.getByRole('button', { name: 'Add Customer' }).click();
    await form.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'add-customer-errors');
  };

  /** admin /managenotification with a notice and its delete confirmation, and /notification/add with its error. */
  const notifications = async (page: Page, viewport: Viewport) => {
    await page.goto(`${product.adminUrl}/managenotification`);
    await pageTitle(page, 'Notification List');
    const notice = page.getByTestId('notifications-grid').getByRole('row').filter({ hasText: arranged.notice });
    await notice.waitFor();
    await expectAccessible(page, viewport, 'manage-notifications');
    await notice.getByRole('button', { name: /^Delete notification/ }).click();
    await page.getByRole('dialog', { name: 'Delete Notification' }).waitFor();
    await expectAccessible(page, viewport, 'notification-delete-dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Add Notification' }).click();
    await pageTitle(page, 'Add Notification');
    const message = page.getByRole('textbox', { name: 'Notification Message' });
    await message.fill('x');
    await message.fill('');
    await message.blur();
    await page.getByText('Enter Notification Message', { exact: true }).waitFor();
    await expectAccessible(page, viewport, 'notification-form-errors');
  };

  /** admin /managecustomer with pending, approved and rejected customers, and the view dialog (the approver's). */
  const manageCustomers = async (page: Page, viewport: Viewport) => {
    const { tag, pending, approved, rejected } = arranged.customers;
    await page.goto(`${product.adminUrl}/managecustomer`);
    await pageTitle(page, 'Manage Customer');
    const grid = page.getByTestId('customers-grid');
    // Searched for the tag the three names share: no other customer pushes them off page 1.
    await grid.getByRole('textbox').fill(tag);
    for (const name of [pending, approved, rejected]) await grid.getByRole('row').filter({ hasText: name }).getByTestId('customer-status').waitFor();
    await expectAccessible(page, viewport, 'manage-customers');

    await grid.getByRole('row').filter({ hasText: approved }).getByRole('button', { name: `View ${approved}` }).click();
    const view = page.getByRole('dialog', { name: 'View Customer' });
    await view.getByTestId('view-customer-name').waitFor();
    await expectAccessible(page, viewport, 'manage-customers-view');
  };

  /**
   * Document approval (the approver's): the view with files to open and opened, the Document Approve modal, the list
   * approval modal and its form, a decided view with versions and the Online/Offline switch.
   */
  const documentApproval = async (page: Page, viewport: Viewport) => {
    const { first, second } = perWidth.get(viewport.name)!.approval;
    await page.goto(`${product.adminUrl}/document/list`);
    const row = page.getByTestId('documents-grid').getByRole('row').filter({ hasText: second.documentId });
    await row.getByRole('button', { name: `Approve ${second.documentId}` }).click();
    const modal = page.getByTestId('list-approval-dialog');
    await modal.getByTestId('approval-document').waitFor();
    await expectAccessible(page, viewport, 'document-list-approval');

    await page.goto(`${product.adminUrl}/document/view/${second.parentChangeId}`);
    await page.getByTestId('open-every-file').waitFor();
    await expectAccessible(page, viewport, 'document-view-unopened');
    await openEveryFile(product.api, await product.api.login(approver.email, approver.password), second.parentChangeId);
    await page.reload();
    await page.getByTestId('approval-panel').getByRole('button', { name: 'Approve' }).and(page.locator(':enabled')).waitFor();
    await expectAccessible(page, viewport, 'document-view-opened');
    await page.getByTestId('approval-panel').getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document Approve' });
    await dialog.getByLabel('Password', { exact: true }).fill('one');
    await dialog.getByLabel('Confirm Password').fill('two');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.locator('.Mui-error').first().waitFor();
    await expectAccessible(page, viewport, 'document-approve-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The document-detail modal of the list (spec §2.7).
    await page.goto(`${product.adminUrl}/document/list`);
    await page.getByRole('button', { name: `Details of ${second.documentId}` }).click();
    const details = page.getByTestId('document-detail-dialog');
    await details.getByTestId('document-detail').first().waitFor();
    await expectAccessible(page, viewport, 'document-detail-dialog');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Approve ${second.documentId}` }).click();
    await modal.getByRole('button', { name: 'Approve' }).and(page.locator(':enabled')).click();
    await modal.getByLabel('Username').fill(approver.email);
    await modal.getByLabel('Password', { exact: true }).fill(approver.password);
    await modal.getByLabel('Confirm Password').fill(approver.password);
    await modal.getByRole('button', { name: 'Submit' }).waitFor();
    await expectAccessible(page, viewport, 'document-list-approval-form');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.waitFor({ state: 'detached' });

    // Decided: the signature, the versions, the archived predecessor; an ADMIN's Online/Offline switch.
    await page.goto(`${product.adminUrl}/document/view/${second.parentChangeId}`);
    await page.getByTestId('child-versions').waitFor();
    await page.getByTestId('accessibility-switch').waitFor();
    await expectAccessible(page, viewport, 'document-view-decided');
    // Online/Offline asks first: its dialog, then Cancel.
    await page.getByRole('switch', { name: 'Online' }).click();
    const confirm = page.getByTestId('accessibility-dialog');
    await confirm.getByLabel('Reason').waitFor();
    await expectAccessible(page, viewport, 'document-view-accessibility-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.goto(`${product.adminUrl}/document/view/${first.parentChangeId}`);
    await page.getByTestId('child-superseded').waitFor();
    await expectAccessible(page, viewport, 'document-view-superseded');
  };

  // Each journey walks what several tests walked, and a loaded machine takes several times as long: the time limits say so.
  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width} px (${viewport.name})`, () => {
      it('signed out: admin /login (the username step empty and with its errors, the password step), /sendRequest with its toast, the emailed links (/user/setpassword/<token> and expired, /user/confirm/<token>, /user/unlock/<token>), and the customer portal (an approved customer with the terms popup, the search link page, Contact US)', async () => {
        const page = await newPage(viewport);
        await loginSteps(page, viewport);
        await sendRequest(page, viewport);
        await setPassword(page, viewport);
        await confirmAndUnlock(page, viewport);
        await customerPortal(page, viewport);
      }, 300_000);

      it('the bootstrap ADMIN: the shell with its menus open, /document/list (both tabs) and a pending /document/view with its deactivate dialog, /document/search, the Add wizard with Edit parent, Edit child and Add child, /manageuser, /addcustomer/create, /managenotification and /notification/add', async () => {
        const page = await logIn(viewport);
        await shell(page, viewport);
        await documentListAndView(page, viewport);
        await documentSearch(page, viewport);
        await documentAuthoring(page, viewport);
        await manageUsers(page, viewport);
        await addCustomerForm(page, viewport);
        await notifications(page, viewport);
      }, 600_000);

      it('an approver: /managecustomer with pending, approved and rejected customers and the view dialog, then document approval (the view unopened and opened, the Document Approve modal, the detail and list approval modals, a decided view with its Online/Offline dialog, the superseded version)', async () => {
        const page = await logIn(viewport, approver.email, approver.password);
        await manageCustomers(page, viewport);
        await documentApproval(page, viewport);
      }, 300_000);
    });
  }
});
