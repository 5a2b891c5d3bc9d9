import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView } from '@ifu/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInReusingSession, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder, arrangeDecision } from '../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

describe.skipIf(skipUnless(['chromium']))('Revise and resubmit in headless Chromium', () => {
  const suite = useAuthoringProduct(AUTHOR, { email: 'alma.reviser@example.com', password: 'approver passphrase 1', firstName: 'Alma', lastName: 'Approver' }, 'Revision Clinic');
  const newPage = useBrowserPages(suite);

  const logIn = async (viewport: Viewport, who: { email: string; password: string } = AUTHOR): Promise<Page> => {
    const page = await newPage(viewport);
    await logInReusingSession(page, suite.product, who.email, who.password);
    return page;
  };


  const changeOrderOf = async (parentChangeId: string): Promise<ChangeOrderView> => {
    const token = await suite.product.api.login(AUTHOR.email, AUTHOR.password);
    const response = await suite.product.api.call('GET', `/document/get/${encodeURIComponent(parentChangeId)}`, { token });
    expect(response.status).toBe(200);
    return response.body as ChangeOrderView;
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px (${viewport.name}): revising a rejected change order of three children, Edit on one in 'Uploaded Doc' while another is in the form keeps both; the revision has all three and the product description`, async () => {
      const lots = ['A', 'B', 'C'].map((letter) => `LOT-3${letter}-${viewport.name}`);
      const productDescription = `Coronary stent family of three sizes (${viewport.name})`;
      const { parentChangeId } = await arrangeChangeOrder(suite.product.api, {
        author: AUTHOR,
        approverId: suite.approver.id,
        customerId: suite.customerId,
        productName: `Stent family ${viewport.name}`,
        productDescription,
        children: lots.map((lotNumber, index) => ({ lotNumber, partNumber: `PN-3${index}` })),
      });
      await arrangeDecision(suite.product.api, { parentChangeId, approver: suite.approver, approve: false, reason: 'The sizes table is wrong' });

      const page = await logIn(viewport);
      await page.goto(`${suite.product.adminUrl}/document/revise/${parentChangeId}`);
      const start = page.getByTestId('wizard-start');
      await expect.poll(() => start.getByLabel('Product Name').inputValue()).toBe(`Stent family ${viewport.name}`);
      // Its own product description, apart from the description of change, is a field of the revision.
      expect(await start.getByLabel('Product Description').inputValue()).toBe(productDescription);
      await start.getByRole('button', { name: 'Next' }).click();

      // Change/New opens on the last child; the two others are in 'Uploaded Doc'.
      const child = page.getByTestId('wizard-child');
      await expect.poll(() => child.getByLabel('IFU Number').inputValue()).toBe(lots[2]);
      await page.getByTestId('uploaded-doc-button').click();
      const list = page.getByTestId('uploaded-docs-dialog');
      await expect.poll(() => list.getByTestId('saved-document').count()).toBe(2);
      await expectAccessible(page, 'revise-three', viewport, 'uploaded-doc');
      // Edit the first while the third is in the form: the third must not be lost.
      await list.getByRole('button', { name: new RegExp(`^Edit ${lots[0]} `) }).click();
      await list.waitFor({ state: 'detached' });
      await expect.poll(() => child.getByLabel('IFU Number').inputValue()).toBe(lots[0]);
      await child.getByLabel('Description of Change').fill('Sizes table corrected');
      await expectAccessible(page, 'revise-three', viewport, 'editing-first');
      await child.getByRole('button', { name: 'Next' }).click();

      const preview = page.getByTestId('wizard-preview');
      await preview.getByLabel('Password', { exact: true }).fill(AUTHOR.password);
      await preview.getByLabel('Username').fill(AUTHOR.email);
      await preview.getByLabel('Comments').fill('Sizes corrected');
      expect.soft(await page.getByTestId('preview-summary').getByTestId('preview-child').count(), 'the preview lists every child').toBe(3);
      await expectAccessible(page, 'revise-three', viewport, 'preview');
      await preview.getByTestId('wizard-submit').click();
      const added = page.getByTestId('toast').filter({ hasText: /Added Succesfully/ });
      await added.waitFor();

      const rejected = await changeOrderOf(parentChangeId);
      expect(rejected.revisedBy).not.toBeNull();
      const revision = await changeOrderOf(rejected.revisedBy!.parentChangeId);
      expect(revision.children.map((c) => c.associatedReferenceNumber), 'the revision has every child of the rejected change order').toEqual(lots);
      expect(revision.children.map((c) => c.docName)).toEqual(lots.map((lot) => `IFU ${lot}.pdf`));
      expect(revision.children[0]!.changeDescription).toBe('Sizes table corrected');
      expect(revision.productFamilyDescription, 'the product description is carried over').toBe(productDescription);
      await page.goto(`${suite.product.adminUrl}/document/view/${revision.parentChangeId}`);
      await expect.poll(() => page.getByTestId('view-product-description').textContent()).toContain(productDescription);
      await expectAccessible(page, 'revise-three', viewport, 'revision-view');
    }, 240_000);
  }

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px (${viewport.name}): the author of a rejected change order revises it from its view, sees the rejection reason and the prefilled wizard, and submits; both views show the link`, async () => {
      const lot = `LOT-REV-${viewport.name}`;
      const reason = `Lot ${lot} prints the old sterilisation symbol`;
      const { parentChangeId, documentId } = await arrangeChangeOrder(suite.product.api, {
        author: AUTHOR,
        approverId: suite.approver.id,
        customerId: suite.customerId,
        productName: `Stent ${viewport.name}`,
        supportingFiles: ['Risk assessment.pdf'],
        children: [{ lotNumber: lot, partNumber: 'PN-700' }],
      });
      await arrangeDecision(suite.product.api, { parentChangeId, approver: suite.approver, approve: false, reason });

      // The approver sees no 'Revise and resubmit': only the author may.
      const approverPage = await logIn(viewport, suite.approver);
      await approverPage.goto(`${suite.product.adminUrl}/document/view/${parentChangeId}`);
      await approverPage.getByTestId('view-status').waitFor();
      expect(await approverPage.getByTestId('revise-button').count()).toBe(0);

      const page = await logIn(viewport);
      await page.goto(`${suite.product.adminUrl}/document/view/${parentChangeId}`);
      const revise = page.getByRole('link', { name: DOCUMENT_MESSAGES.reviseAndResubmit });
      await revise.waitFor();
      await expectAccessible(page, 'revise', viewport, 'rejected-view');
      await revise.click();
      await page.waitForURL(`**/document/revise/${parentChangeId}`);

      // The wizard, prefilled, with the rejection reason; the stored files kept, not uploaded again.
      await expect.poll(() => page.getByTestId('revision-reason').textContent()).toBe(reason);
      expect(await page.getByTestId('revision-banner').textContent()).toContain(documentId);
      const start = page.getByTestId('wizard-start');
      expect(await start.getByLabel('Product Name').inputValue()).toBe(`Stent ${viewport.name}`);
      expect(await start.getByLabel('Description of Change').inputValue()).toBe(`Instructions for use of Stent ${viewport.name}`);
      expect(await start.getByTestId('kept-file').textContent()).toContain('Risk assessment.pdf');
      expect(await start.getByRole('button', { name: DOCUMENT_MESSAGES.uploadAllFile }).count()).toBe(0);
      await expectAccessible(page, 'revise', viewport, 'wizard-start');
      await start.getByLabel('Justification of Change').fill('Symbol corrected after the rejection');
      await start.getByRole('button', { name: 'Next' }).click();

      const child = page.getByTestId('wizard-child');
      await expect.poll(() => child.getByLabel('IFU Number').inputValue()).toBe(lot);
      expect(await child.getByLabel('Part Number').inputValue()).toBe('PN-700');
      expect(await child.textContent()).toContain(`Keeps IFU ${lot}.pdf`);
      await child.getByLabel('Description of Change').fill('Sterilisation symbol corrected');
      await child.getByRole('button', { name: 'Next' }).click();

      const preview = page.getByTestId('wizard-preview');
      await preview.getByLabel('Username').fill(AUTHOR.email);
      await preview.getByLabel('Password', { exact: true }).fill(AUTHOR.password);
      await preview.getByLabel('Comments').fill('Revised as asked');
      const summary = await page.getByTestId('preview-summary').textContent();
      expect(summary).toContain(`IFU ${lot}.pdf`);
      expect(summary).toContain('Sterilisation symbol corrected');
      await expectAccessible(page, 'revise', viewport, 'wizard-preview');
      await preview.getByRole('button', { name: 'Submit' }).click();
      const added = page.getByTestId('toast').filter({ hasText: /Added Succesfully/ });
      await added.waitFor();
      const revisionId = /CO-\d{4}-\d{5}/.exec((await added.textContent()) ?? '')![0];
      expect(revisionId).not.toBe(documentId);

      // The rejected one: 'Revised by', no second revision.
      await page.goto(`${suite.product.adminUrl}/document/view/${parentChangeId}`);
      await expect.poll(() => page.getByTestId('revised-by-link').textContent()).toBe(DOCUMENT_MESSAGES.revisedBy(revisionId));
      expect(await page.getByTestId('revise-button').count()).toBe(0);
      // The revision: 'Revision of', pending, with the corrected fields and the kept PDF.
      await page.getByTestId('revised-by-link').click();
      await expect.poll(() => page.getByTestId('revision-of-link').textContent()).toBe(DOCUMENT_MESSAGES.revisionOf(documentId));
      expect(await page.getByTestId('view-status').textContent()).toContain('Approval Pending');
      expect(await page.getByTestId('view-change-justification').textContent()).toContain('Symbol corrected after the rejection');
      expect(await page.getByTestId('child-documents').textContent()).toContain(`IFU ${lot}.pdf`);
      expect(await page.getByTestId('child-documents').textContent()).toContain('Sterilisation symbol corrected');
      await expectAccessible(page, 'revise', viewport, 'revision-view');
    }, 240_000);
  }
});
