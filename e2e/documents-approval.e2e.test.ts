import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, DESKTOP_AND_PHONE, type Viewport, viewportContext } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useBrowserProduct } from '../test-support/browser-product';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../test-support/document-arrangements';
import { openFileInNewTab } from '../test-support/document-tabs';
import { pauseClock, stepUntil } from '../test-support/page-clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import type { TestProduct } from '../test-support/test-product';
import { expectAccessible } from '../test-support/axe';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_PHONE;

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const REFUSED_SIGNATURE = 'Signature refused: enter your own username and password.';
/** The view asks again for a file's check mark every second after it was opened, until the server has recorded it. */
const OPENED_CHECK_EVERY_MS = 1_000;
/** The view refreshes itself this long after Approve or Reject (spec §4; APPROVAL_REFRESH_MS in the portal). */
const APPROVAL_REFRESH_MS = 2_000;

/**
 * One journey per width: the approver (one login) decides from the view and from the list, then the author (one login)
 * sees what others see and the versions. Each part arranges its own change orders first.
 */
describe.skipIf(skipUnless(['chromium']))('Document approval in headless Chromium (spec §2.7, §2.12, §4, §5)', () => {
  let product: TestProduct;
  let browser: Browser;
  let approver: Signer & { firstName: string; lastName: string };
  let customerId: string;
  const contexts: BrowserContext[] = [];

  const suite = useBrowserProduct();
  beforeAll(async () => {
    ({ product, browser } = suite);
    approver = { email: 'ada.approver@example.com', password: 'approver passphrase 1', id: '', firstName: 'Ada', lastName: 'Approver' };
    approver.id = await product.api.createUser({ ...approver, role: 'ADMIN' });
    customerId = await arrangeApprovedCustomer(product.api, AUTHOR, approver, 'Review Medical');
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });

  /** A page logged in as `who`, its clock under the test's hand (it runs on by itself until paused). */
  const logIn = async (viewport: Viewport, who: { email: string; password: string }): Promise<Page> => {
    const context = await browser.newContext(viewportContext(viewport));
    contexts.push(context);
    await context.clock.install();
    const page = await context.newPage();
    await logInReusingSession(page, product, who.email, who.password);
    return page;
  };

  const arrange = (productName: string, lots: string[], supportingFiles = ['Risk assessment.pdf', 'Test report.pdf']) =>
    arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: approver.id,
      customerId,
      productName,
      supportingFiles,
      children: lots.map((lot, index) => ({ lotNumber: lot, partNumber: `PN-${index + 1}00`, countryList: 'DE,US', languageList: 'de,en' })),
    });

  const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
  const overflowsHorizontally = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  /**
   * Opens every file link inside `scope` in a new tab (each gets a PDF) and waits for its check mark. The page asks for
   * it again every second: its clock is moved on by that second each time the mark is not there yet.
   */
  const openEach = async (page: Page, scope: Locator, testId: 'supporting-file' | 'child-file') => {
    const links = scope.getByTestId(testId);
    const marks = scope.getByRole('img', { name: 'Opened' });
    const count = await links.count();
    for (let index = 0; index < count; index += 1) {
      const before = await marks.count();
      const opened = await openFileInNewTab(page, links.nth(index));
      expect(opened.status).toBe(200);
      expect(opened.contentType).toContain('application/pdf');
      await expect
        .poll(
          async () => {
            if ((await marks.count()) === before + 1) return before + 1;
            await page.clock.fastForward(OPENED_CHECK_EVERY_MS);
            return marks.count();
          },
          { timeout: 10_000 },
        )
        .toBe(before + 1);
    }
    return count;
  };

  /** Counts the page's requests for a change order (what the view's refresh asks). */
  const changeOrderRequests = (page: Page, parentChangeId: string) => {
    const seen = { count: 0 };
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes(`/document/get/${encodeURIComponent(parentChangeId)}`)) seen.count += 1;
    });
    return seen;
  };

  /**
   * The approver opens every file (check marks; Approve enabled only then), a wrong password is refused, then approves;
   * the view refreshes 2 seconds later and shows the signature; the approved document downloads with its signatures.
   */
  const approveFromView = async (page: Page, viewport: Viewport) => {
    const { parentChangeId } = await arrange(`Balloon Catheter ${viewport.name}`, [`LOT-A-${viewport.name}`, `LOT-B-${viewport.name}`]);
    await page.goto(`${product.adminUrl}/document/view/${parentChangeId}`);
    const panel = page.getByTestId('approval-panel');
    await panel.waitFor();
    const approve = panel.getByRole('button', { name: 'Approve' });
    const reject = panel.getByRole('button', { name: 'Reject' });
    expect(await approve.isDisabled()).toBe(true);
    expect(await reject.isDisabled()).toBe(true);
    const hint = panel.getByTestId('open-every-file');
    expect(await hint.textContent()).toContain(DOCUMENT_MESSAGES.openEveryFile);
    expect(await hint.getByTestId('unopened-file').count()).toBe(4);
    await shot(page, `approval-view-unopened-${viewport.name}`);

    const parent = page.getByTestId('change-order');
    expect(await openEach(page, parent, 'supporting-file')).toBe(2);
    // Half way: still disabled, the hint names the two child documents left.
    expect(await approve.isDisabled()).toBe(true);
    expect(await hint.getByTestId('unopened-file').allTextContents()).toEqual([`IFU LOT-A-${viewport.name}.pdf`, `IFU LOT-B-${viewport.name}.pdf`]);
    const children = page.getByTestId('child-documents');
    expect(await openEach(page, children, 'child-file')).toBe(2);
    await hint.waitFor({ state: 'detached' });
    expect(await approve.isEnabled()).toBe(true);
    if (viewport.name === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
    await shot(page, `approval-view-opened-${viewport.name}`);

    // The Document Approve modal: the fields' messages, the live mismatch, a wrong password.
    await approve.click();
    const dialog = page.getByRole('dialog', { name: 'Document Approve' });
    await dialog.waitFor();
    // The username is the signer's, filled in; emptied, it is asked for like the others.
    expect(await dialog.getByLabel('Username').inputValue()).toBe(approver.email);
    await dialog.getByLabel('Username').fill('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const message of [DOCUMENT_MESSAGES.enterUsername, DOCUMENT_MESSAGES.enterPassword, DOCUMENT_MESSAGES.enterConfirmPassword]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await dialog.getByLabel('Username').fill(approver.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByLabel('Confirm Password').fill('not my passwor');
    await dialog.getByText(DOCUMENT_MESSAGES.passwordMismatch, { exact: true }).waitFor();
    await dialog.getByLabel('Confirm Password').fill('not my password');
    await dialog.getByText(DOCUMENT_MESSAGES.passwordMismatch, { exact: true }).waitFor({ state: 'detached' });
    await dialog.getByLabel('Reason').fill('x'.repeat(256));
    await dialog.getByText(DOCUMENT_MESSAGES.reasonTooLong, { exact: true }).waitFor();
    await dialog.getByLabel('Reason').fill('Checked against the label');
    await shot(page, `approval-dialog-${viewport.name}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const refusal = dialog.getByTestId('decision-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(REFUSED_SIGNATURE);
    expect(page.url()).toContain(`/document/view/${parentChangeId}`);

    await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
    await dialog.getByLabel('Confirm Password').fill(approver.password);
    // From the decision on, the page's clock is moved by hand: the view asks for the change order again 2 seconds
    // later (its own refresh), not before. (The decision's answer already puts the decided change order on the view.)
    const refreshes = changeOrderRequests(page, parentChangeId);
    await pauseClock(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await stepUntil(page, async () => (await toast(page, DOCUMENT_MESSAGES.approved).count()) > 0);
    expect(await panel.count()).toBe(0);
    await page.clock.runFor(APPROVAL_REFRESH_MS - 200);
    expect(refreshes.count, 'the view asked for the change order again before 2 seconds had passed').toBe(0);
    await page.clock.runFor(400);
    await page.clock.resume();
    await expect.poll(() => refreshes.count, { timeout: 10_000 }).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'detached' });
    // Approved, the decision's signature, the reason; no edit, add or decision.
    await parent.getByTestId('view-status').filter({ hasText: 'Approved' }).waitFor({ timeout: 10_000 });
    expect(await parent.getByTestId('view-reason').textContent()).toBe('Checked against the label');
    const decision = parent.getByTestId('change-order-signatures').getByTestId('signature').last();
    expect(await decision.getByTestId('signature-meaning').textContent()).toBe('Approval');
    expect(await decision.getByTestId('signature-name').textContent()).toBe('Ada Approver');
    expect(await decision.getByTestId('signature-time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC$/);
    expect(await page.getByRole('link', { name: 'Add New Child' }).count()).toBe(0);
    expect(await parent.getByRole('link', { name: /^Edit change order/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Deactivate/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await shot(page, `approval-view-approved-${viewport.name}`);

    // The approved child with its signature manifest.
    const manifest = page.getByTestId('child-document').first().getByTestId('child-manifest');
    const withSignatures = await openFileInNewTab(page, manifest);
    expect(withSignatures.status).toBe(200);
    expect(withSignatures.contentType).toContain('application/pdf');
    expect(withSignatures.url).toContain('manifest');
  };

  /** Reject needs a reason; the rejection and its reason show on the view. */
  const rejectFromView = async (page: Page) => {
    const { parentChangeId } = await arrange('Rejected Catheter', ['LOT-R'], ['Risk.pdf']);
    await page.goto(`${product.adminUrl}/document/view/${parentChangeId}`);
    const panel = page.getByTestId('approval-panel');
    await panel.waitFor();
    await openEach(page, page.getByTestId('change-order'), 'supporting-file');
    await openEach(page, page.getByTestId('child-documents'), 'child-file');
    await panel.getByRole('button', { name: 'Reject' }).and(page.locator(':enabled')).click();
    const dialog = page.getByRole('dialog', { name: 'Document Approve' });
    await dialog.getByLabel('Username').fill(approver.email);
    await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
    await dialog.getByLabel('Confirm Password').fill(approver.password);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(DOCUMENT_MESSAGES.enterReason, { exact: true }).waitFor();
    await dialog.getByLabel('Reason').fill('Wrong language set');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, DOCUMENT_MESSAGES.rejected).waitFor();
    // The refresh 2 seconds later, brought on at once (its timing is checked on the approval above).
    await page.clock.fastForward(APPROVAL_REFRESH_MS);
    const parent = page.getByTestId('change-order');
    await parent.getByTestId('view-status').filter({ hasText: 'Rejected' }).waitFor({ timeout: 10_000 });
    expect(await parent.getByTestId('view-reason').textContent()).toBe('Wrong language set');
    const meanings = parent.getByTestId('change-order-signatures').getByTestId('signature-meaning');
    expect(await meanings.allTextContents()).toEqual(['Authorship', 'Rejection']);
    // A rejected change order has no signature manifest.
    expect(await page.getByTestId('child-manifest').count()).toBe(0);
  };

  /** Someone else sees no Approve or Reject; an ADMIN switches a decided change order Offline and it is Offline at once (spec §4). */
  const othersAndOffline = async (page: Page, viewport: Viewport) => {
    const pending = await arrange(`Pending Screw ${viewport.name}`, [`LOT-P-${viewport.name}`], ['Risk.pdf']);
    const decided = await arrange(`Decided Screw ${viewport.name}`, [`LOT-D-${viewport.name}`], ['Risk.pdf']);
    await arrangeDecision(product.api, { parentChangeId: decided.parentChangeId, approver, approve: true });

    await page.goto(`${product.adminUrl}/document/view/${pending.parentChangeId}`);
    await page.getByTestId('child-document').first().waitFor();
    expect(await page.getByTestId('approval-panel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(0);
    // Pending: no switch, only the badge.
    expect(await page.getByTestId('accessibility-switch').count()).toBe(0);

    await page.goto(`${product.adminUrl}/document/view/${decided.parentChangeId}`);
    const accessibility = page.getByTestId('view-accessibility');
    const toggle = accessibility.getByRole('switch', { name: 'Online' }).or(accessibility.getByRole('checkbox', { name: 'Online' }));
    await toggle.waitFor();
    expect(await accessibility.getByTestId('document-accessibility').textContent()).toBe('Online');
    expect(await toggle.isChecked()).toBe(true);
    await shot(page, `approval-view-switch-${viewport.name}`);
    // Approved: switching asks why, then takes effect at once and the page reloads (spec §4).
    await toggle.click();
    const confirm = page.getByTestId('accessibility-dialog');
    await confirm.getByLabel('Reason').fill('Label under correction');
    await expectAccessible(page, 'approval-view-switch-offline', viewport, 'an ADMIN switches an approved change order Offline');
    const reloaded = page.waitForEvent('load');
    await confirm.getByRole('button', { name: 'Switch Offline' }).click();
    await reloaded;
    await accessibility.getByTestId('document-accessibility').filter({ hasText: 'Offline' }).waitFor();
    expect(await page.getByTestId('pending-accessibility').count()).toBe(0);
  };

  /** Approval from the list: the modal's details and files, the credential form appears to submit only when complete. */
  const approveFromList = async (page: Page, viewport: Viewport) => {
    const { documentId } = await arrange(`Glucose Meter ${viewport.name}`, [`LOT-L-${viewport.name}`], ['Risk.pdf']);
    // A pending change order someone else decides: no Approve on its row.
    const foreign = await arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: await product.api.createUser({ email: `other.${viewport.name}@example.com`, password: 'other passphrase 1', role: 'ADMIN' }),
      customerId,
      productName: `Foreign ${viewport.name}`,
      children: [{ lotNumber: `LOT-F-${viewport.name}`, partNumber: 'PN-9' }],
    });
    await page.goto(`${product.adminUrl}/document/list`);
    const grid = page.getByTestId('documents-grid');
    const row = grid.getByRole('row').filter({ hasText: documentId });
    await row.waitFor();
    const other = grid.getByRole('row').filter({ hasText: foreign.documentId });
    await other.waitFor();
    expect(await other.getByRole('button', { name: `Approve ${foreign.documentId}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Approve ${documentId}` }).click();
    const dialog = page.getByTestId('list-approval-dialog');
    const details = dialog.getByTestId('approval-document');
    await details.waitFor();
    expect(await details.getByTestId('approval-ifu-number').textContent()).toBe(`LOT-L-${viewport.name}`);
    expect(await details.getByTestId('approval-part-number').textContent()).toBe('PN-100');
    expect(await details.getByTestId('approval-change-type').textContent()).toBe('General Document');
    expect(await details.getByTestId('approval-bill-material').textContent()).toBe('BOM-PN-100');
    expect(await details.getByTestId('approval-internal').textContent()).toBe('No');
    expect(await details.getByTestId('approval-language').textContent()).toBe('German, English');
    expect(await details.getByTestId('approval-country').textContent()).toBe('Germany, United States');
    expect(await details.getByTestId('approval-document-number').textContent()).toContain(documentId);
    for (const label of ['Document Number', 'IFU Number', 'Part Number', 'Description of IFU', 'Language', 'Change Type', 'Bill Material', 'Description of Change', 'Justification of Change', 'Internal', 'Approval Routine Number', 'Country']) {
      expect(await details.getByRole('rowheader', { name: label, exact: true }).count(), label).toBe(1);
    }
    const approve = dialog.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    await openEach(page, dialog, 'child-file');
    await openEach(page, dialog, 'supporting-file');
    await dialog.getByTestId('open-every-file').waitFor({ state: 'detached' });
    expect(await approve.isEnabled()).toBe(true);
    await shot(page, `approval-list-modal-${viewport.name}`);

    // Reject first: the reason is asked for; Back to the choice.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel('Reason').fill('');
    await dialog.getByLabel('Reason').blur();
    await dialog.getByRole('button', { name: 'Back' }).click();

    await approve.click();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.count()).toBe(0);
    await dialog.getByLabel('Username').fill(approver.email);
    await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
    await dialog.getByLabel('Confirm Password').fill('different');
    // The list's form says it next to the field too, and says why the submit button waits.
    await dialog.getByText(DOCUMENT_MESSAGES.passwordMismatch, { exact: true }).waitFor();
    expect(await submit.count()).toBe(0);
    expect(await dialog.getByTestId('decision-waiting').textContent()).toContain('appears once every field is filled in');
    await expectAccessible(page, 'approval-list-mismatch', viewport, 'list approval form, passwords differ');
    await dialog.getByLabel('Confirm Password').fill(approver.password);
    await submit.waitFor();
    await shot(page, `approval-list-form-${viewport.name}`);
    const answered = page.waitForResponse((r) => r.url().includes('/document/approveDocuments'));
    await submit.click();
    const response = await answered;
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ documentApproval: true, changeJustification: '' });
    await toast(page, DOCUMENT_MESSAGES.approved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
  };

  /** Reject from the list needs a reason (Enter Reason), sent as changeJustification. */
  const rejectFromList = async (page: Page) => {
    const { documentId } = await arrange('List Rejected Pump', ['LOT-LR'], ['Risk.pdf']);
    await page.goto(`${product.adminUrl}/document/list`);
    const row = page.getByTestId('documents-grid').getByRole('row').filter({ hasText: documentId });
    await row.getByRole('button', { name: `Approve ${documentId}` }).click();
    const dialog = page.getByTestId('list-approval-dialog');
    await dialog.getByTestId('approval-document').waitFor();
    await openEach(page, dialog, 'child-file');
    await openEach(page, dialog, 'supporting-file');
    await dialog.getByRole('button', { name: 'Reject' }).and(page.locator(':enabled')).click();
    await dialog.getByLabel('Username').fill(approver.email);
    await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
    await dialog.getByLabel('Confirm Password').fill(approver.password);
    await dialog.getByLabel('Reason').fill('x');
    await dialog.getByLabel('Reason').fill('');
    await dialog.getByText(DOCUMENT_MESSAGES.enterReason, { exact: true }).waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.count()).toBe(0);
    await dialog.getByLabel('Reason').fill('Missing French leaflet');
    const answered = page.waitForResponse((r) => r.url().includes('/document/approveDocuments'));
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ documentApproval: false, changeJustification: 'Missing French leaflet' });
    await toast(page, DOCUMENT_MESSAGES.rejected).waitFor();
  };

  /** A second approved version lists the earlier one with its changes; the earlier one says it is superseded. */
  const versions = async (page: Page, viewport: Viewport) => {
    const productName = `Versioned Pump ${viewport.name}`;
    const lot = `LOT-V-${viewport.name}`;
    const first = await arrange(productName, [lot], ['Risk.pdf']);
    await arrangeDecision(product.api, { parentChangeId: first.parentChangeId, approver, approve: true });
    const second = await arrangeChangeOrder(product.api, {
      author: AUTHOR,
      approverId: approver.id,
      customerId,
      productName,
      supportingFiles: ['Risk.pdf'],
      children: [{ lotNumber: lot, partNumber: 'PN-100', countryList: 'DE,FR', languageList: 'de,fr' }],
    });
    await arrangeDecision(product.api, { parentChangeId: second.parentChangeId, approver, approve: true });

    await page.goto(`${product.adminUrl}/document/view/${second.parentChangeId}`);
    const versionList = page.getByTestId('child-versions');
    await versionList.waitFor();
    const version = versionList.getByTestId('child-version').first();
    expect(await version.getByTestId('version-number').textContent()).toContain(first.documentId);
    expect(await version.getByTestId('version-number').getAttribute('href')).toBe(`/document/view/${first.parentChangeId}`);
    expect(await version.getByTestId('version-dates').textContent()).toMatch(/^Published \d{2}\/\d{2}\/\d{4}/);
    expect(await version.getByTestId('version-change').count()).toBeGreaterThan(0);
    if (viewport.name === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
    await shot(page, `approval-view-versions-${viewport.name}`);

    await version.getByTestId('version-number').click();
    await page.waitForURL(`**/document/view/${first.parentChangeId}`);
    const superseded = page.getByTestId('child-superseded');
    await superseded.waitFor();
    expect(await superseded.textContent()).toMatch(new RegExp(`^Superseded by ${second.documentId}-\\d+ from \\d{2}/\\d{2}/\\d{4}$`));
    await page.getByTestId('child-archived').filter({ hasText: 'Archived' }).waitFor();
    await shot(page, `approval-view-superseded-${viewport.name}`);
  };

  for (const viewport of VIEWPORTS) {
    const desktop = viewport.name === 'desktop';
    it(
      `at ${viewport.width} px (${viewport.name}): the approver approves from the view (every file opened first, a wrong password refused, the signature shown, the signed download)${desktop ? ', rejects from the view with a reason' : ''}, approves from the list (the modal's details and files, the form complete before its Submit)${desktop ? ', rejects from the list with a reason' : ''}; the author sees no Approve or Reject on another's pending change order, switches a decided one Offline at once (spec §4), and sees a second version list the first, which says it is superseded`,
      async () => {
        const approverPage = await logIn(viewport, approver);
        await approveFromView(approverPage, viewport);
        if (desktop) await rejectFromView(approverPage);
        await approveFromList(approverPage, viewport);
        if (desktop) await rejectFromList(approverPage);

        const authorPage = await logIn(viewport, AUTHOR);
        await othersAndOffline(authorPage, viewport);
        await versions(authorPage, viewport);
      },
      300_000,
    );
  }
});
