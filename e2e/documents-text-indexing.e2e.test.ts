import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInReusingSession, SCREENSHOTS, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder } from '../test-support/document-arrangements';
import { pdfWithExpandingText } from '../test-support/hostile-pdfs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';
import { skipUnless } from '../test-support/machine-needs';

const VIEWPORTS = DESKTOP_AND_PHONE;

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** The staff view page says when a child's PDF text is still being indexed, or could not be. */
describe.skipIf(skipUnless(['chromium']))('The PDF text of a child document on its view page, in headless Chromium', () => {
  const suite = useAuthoringProduct(AUTHOR, { email: 'text.approver@example.com', password: 'approver passphrase 1' }, 'Indexing Medical');
  const newPage = useBrowserPages(suite);

  const logIn = async (viewport: Viewport): Promise<Page> => {
    const page = await newPage(viewport);
    await logInReusingSession(page, suite.product, AUTHOR.email, AUTHOR.password);
    return page;
  };
  const visit = async (page: Page, parentChangeId: string): Promise<void> => {
    await page.goto(`${suite.product.adminUrl}/document/view/${parentChangeId}`);
    await page.getByTestId('child-document').first().waitFor();
  };
  const arrange = (lot: string, pdf?: Buffer) =>
    arrangeChangeOrder(suite.product.api, {
      author: AUTHOR,
      approverId: suite.approver.id,
      customerId: suite.customerId,
      productName: `Indexing catheter ${lot}`,
      children: [{ lotNumber: lot, partNumber: 'PN-1', ...(pdf ? { pdf } : {}) }],
      waitForText: false,
    });

  for (const viewport of VIEWPORTS) {
    const desktop = viewport.name === 'desktop';
    it(`at ${viewport.width} px (${viewport.name}): a child whose text is queued says it is being indexed, and says nothing once it is${desktop ? '; a child whose PDF text could not be extracted says so' : ''}`, async () => {
      const page = await logIn(viewport);
      const queue = suite.product.api.api.context.textQueue;
      queue.pause();
      let parentChangeId: string;
      try {
        ({ parentChangeId } = await arrange(`LOT-IDX-${viewport.name}`));
        await visit(page, parentChangeId);
        const note = page.getByTestId('child-text-indexing');
        await expect.poll(() => note.textContent()).toContain('Text being indexed');
        await page.screenshot({ path: `${SCREENSHOTS}/documents-text-indexing-pending-${viewport.name}.png`, fullPage: true, animations: 'disabled' });
      } finally {
        queue.resume();
      }
      await queue.idle();
      await visit(page, parentChangeId);
      expect(await page.getByTestId('child-text-indexing').count()).toBe(0);

      if (desktop) {
        const failed = await arrange('LOT-IDX-FAILED', await pdfWithExpandingText('Sterile catheter', 900 * 1024 * 1024));
        await queue.idle();
        await visit(page, failed.parentChangeId);
        await expect.poll(() => page.getByTestId('child-text-indexing').textContent()).toContain('The text of this PDF could not be extracted');
        await page.screenshot({ path: `${SCREENSHOTS}/documents-text-indexing-failed-desktop.png`, fullPage: true, animations: 'disabled' });
      }
    }, 120_000);
  }
});
