import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test-support/axe';
import { DESKTOP_AND_PHONE, type Viewport } from '../test-support/browser';
import { logInReusingSession, useAuthoringProduct, useBrowserPages } from '../test-support/browser-product';
import { arrangeChangeOrder, arrangeDecision, arrangeLegacyAccessibilityProposal, type Credentials } from '../test-support/document-arrangements';
import { skipUnless } from '../test-support/machine-needs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/test-api';

const AUTHOR = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/**
 * Online/Offline on the view: who may switch, sign or reject is what the server says (the view's
 * `maySwitchAccessibility`, `mayDecideAccessibility`), and whoever may not is told at once, before typing a reason.
 */
describe.skipIf(skipUnless(['chromium']))('Online/Offline: refusals said before anything is typed, in headless Chromium', () => {
  const suite = useAuthoringProduct(AUTHOR, { email: 'alma.switch@example.com', password: 'approver passphrase 1', firstName: 'Alma', lastName: 'Switch' }, 'Switch Clinic');
  const newPage = useBrowserPages(suite);

  const logIn = async (viewport: Viewport, who: Credentials): Promise<Page> => {
    const page = await newPage(viewport);
    await logInReusingSession(page, suite.product, who.email, who.password);
    return page;
  };

  /** An approved change order with an Online/Offline change left pending in the log, requested by `requester`. */
  const approvedWithPendingChange = async (name: string, requester: { id: string; email: string }) => {
    const order = await arrangeChangeOrder(suite.product.api, {
      author: AUTHOR,
      approverId: suite.approver.id,
      customerId: suite.customerId,
      productName: name,
      children: [{ lotNumber: `LOT-${name.replace(/\W+/g, '-')}`, partNumber: 'PN-1' }],
      waitForText: false,
    });
    await arrangeDecision(suite.product.api, { parentChangeId: order.parentChangeId, approver: suite.approver, approve: true });
    await arrangeLegacyAccessibilityProposal(suite.product.api, { parentChangeId: order.parentChangeId, isInternal: true, requestedBy: requester, reason: 'Label recall' });
    return order;
  };

  for (const viewport of DESKTOP_AND_PHONE) {
    it(`at ${viewport.width} px (${viewport.name}): the approver's own pending request says at once that they cannot sign or reject it; another's offers both; a USER has no switch`, async () => {
      const own = await approvedWithPendingChange(`Own request ${viewport.name}`, { id: suite.approver.id, email: suite.approver.email });
      const adminId = (await suite.product.api.call('GET', '/user/me', { token: await suite.product.api.login(AUTHOR.email, AUTHOR.password) })).body.id as string;
      const others = await approvedWithPendingChange(`Other request ${viewport.name}`, { id: adminId, email: AUTHOR.email });

      const approver = await logIn(viewport, suite.approver);
      await approver.goto(`${suite.product.adminUrl}/document/view/${own.parentChangeId}`);
      const accessibility = approver.getByTestId('view-accessibility');
      await accessibility.getByTestId('pending-accessibility').waitFor();
      await expect
        .poll(() => accessibility.getByTestId('own-accessibility-request').textContent())
        .toBe('You requested this change, so you cannot sign or reject it. The switch takes effect at once, if the change is still wanted.');
      expect(await accessibility.getByTestId('accessibility-sign').count()).toBe(0);
      expect(await accessibility.getByTestId('accessibility-reject').count()).toBe(0);
      expect(await accessibility.getByTestId('accessibility-switch').count()).toBe(1);
      await expectAccessible(approver, 'online-offline', viewport, 'own-request');

      await approver.goto(`${suite.product.adminUrl}/document/view/${others.parentChangeId}`);
      await accessibility.getByTestId('accessibility-sign').waitFor();
      expect(await accessibility.getByTestId('accessibility-reject').count()).toBe(1);
      expect(await accessibility.getByTestId('own-accessibility-request').count()).toBe(0);
      await expectAccessible(approver, 'online-offline', viewport, 'another-admins-request');

      const email = `uwe.switch.${viewport.name}@example.com`;
      await suite.product.api.createUser({ email, role: 'USER', password: 'a long passphrase 1' });
      const user = await logIn(viewport, { email, password: 'a long passphrase 1' });
      await user.goto(`${suite.product.adminUrl}/document/view/${own.parentChangeId}`);
      await user.getByTestId('view-accessibility').getByTestId('document-accessibility').waitFor();
      expect(await user.getByTestId('accessibility-switch').count()).toBe(0);
      expect(await user.getByTestId('own-accessibility-request').count()).toBe(0);
    }, 240_000);
  }
});
