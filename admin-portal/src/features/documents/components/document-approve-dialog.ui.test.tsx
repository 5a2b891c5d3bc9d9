import { SIGNATURE_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { arrangeDocumentCast, arrangePendingChangeOrder, type DocumentCast } from '@/testing/documents';
import { renderRoute } from '@/testing/render-route';
import { recordRequests } from '@/testing/sent-requests';

const statusOnPage = () => screen.getByTestId('view-status');

describe('Document approval from the view (route level, real API)', { timeout: 180_000 }, () => {
  // The people and customer of this file's change orders; each test arranges a change order of its own.
  let cast: DocumentCast;
  beforeAll(async () => {
    cast = await arrangeDocumentCast();
  });

  it('lets the assigned approver sign: a wrong password is explained and nothing is decided, the right one approves and the status follows', async () => {
    const order = await arrangePendingChangeOrder({ cast, reviewed: true });
    const requests = recordRequests();
    try {
      const { user } = await renderRoute(paths.app.documents.view.getHref(order.parentChangeId), { as: order.approver });

      const panel = await screen.findByRole('region', { name: 'Approval' }, { timeout: 60_000 });
      expect(within(statusOnPage()).getByText('Approval Pending')).toBeTruthy();
      await user.click(within(panel).getByRole('button', { name: 'Approve' }));

      const dialog = await screen.findByRole('dialog', { name: 'Document Approve' });
      // The username is the signer's, filled in; empty fields are named next to each field with the spec's texts.
      const username = within(dialog).getByLabelText('Username', { exact: false }) as HTMLInputElement;
      expect(username.value).toBe(order.approver.email);
      await user.clear(username);
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await within(dialog).findByText(SIGNATURE_MESSAGES.enterUsername)).toBeTruthy();
      expect(within(dialog).getByText(SIGNATURE_MESSAGES.enterPassword)).toBeTruthy();

      // A confirmation that differs is said at once (spec §5, approval on view).
      await user.type(username, order.approver.email);
      await user.type(within(dialog).getByLabelText('Password', { exact: false, selector: 'input[name="password"]' }), 'not my password at all');
      await user.type(within(dialog).getByLabelText('Confirm Password', { exact: false }), 'not my password');
      expect(await within(dialog).findByText(SIGNATURE_MESSAGES.passwordMismatch)).toBeTruthy();

      // A wrong password: the server's refusal is shown in the dialog, which stays open, and nothing is decided.
      await user.type(within(dialog).getByLabelText('Confirm Password', { exact: false }), ' at all');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      const refusal = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
      expect(refusal.textContent?.trim().length).toBeGreaterThan(0);
      expect(screen.getByRole('dialog', { name: 'Document Approve' })).toBeTruthy();
      expect(within(statusOnPage()).getByText('Approval Pending')).toBeTruthy();

      // The right password approves: the dialog closes and the page says Approved.
      for (const label of ['Password', 'Confirm Password']) {
        const field = within(dialog).getByLabelText(label, { exact: false, selector: `input[name="${label === 'Password' ? 'password' : 'confirmPassword'}"]` });
        await user.clear(field);
        await user.type(field, order.approver.password);
      }
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Document Approve' })).toBeNull(), { timeout: 10_000 });
      await waitFor(() => expect(within(statusOnPage()).getByText('Approved')).toBeTruthy(), { timeout: 10_000 });
      expect(screen.queryByRole('region', { name: 'Approval' })).toBeNull();
      // The screen names the version it showed (If-Match): the signature is bound to it, not to a view the server
      // recorded for a client that sends none.
      const decisions = requests.sent('POST', '/document/approveDocuments');
      expect(decisions).toHaveLength(2);
      for (const decision of decisions) expect(decision.headers['if-match']).toMatch(/^"\d+"$/);
    } finally {
      requests.stop();
    }
  });

  it('shows no Approve or Reject to the author (a USER)', async () => {
    const order = await arrangePendingChangeOrder({ cast, reviewed: true });
    await renderRoute(paths.app.documents.view.getHref(order.parentChangeId), { as: order.author });

    expect(await screen.findByText(order.productName, {}, { timeout: 60_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Approval' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
