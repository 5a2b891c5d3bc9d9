import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { recordRequests } from '@/testing/sent-requests';
import { addStaffPatiently, arrangePendingChangeOrder } from '@/testing/ui-arrange';
import type { Staff } from '@/testing/ui-api';
import { unique } from '@/testing/ui-api';

const today = () => {
  const now = new Date();
  return `${String(now.getUTCDate()).padStart(2, '0')}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;
};

/** A child's deactivation on the view and what a child edit's signature means (route level, real API). */
describe('deactivating a child, and signing a child edit (route level, real API)', { timeout: 180_000 }, () => {
  let author: Staff;
  let approver: Staff;
  beforeAll(async () => {
    author = await addStaffPatiently('USER');
    approver = await addStaffPatiently('ADMIN');
  });

  it('the Deactivate modal asks why (optional) and sends it; the child then stays on the view, marked Deactivated with its obsolete date and the reason', async () => {
    const kept = { lotNumber: `LOT-K-${unique()}`, partNumber: 'PN-KEPT' };
    const gone = { lotNumber: `LOT-G-${unique()}`, partNumber: 'PN-GONE' };
    const { parentChangeId } = await arrangePendingChangeOrder(author, approver, [kept, gone]);
    const { user } = await renderRoute(paths.app.documents.view.getHref(parentChangeId), { as: author });

    const goneChild = (await screen.findAllByTestId('child-document', {}, { timeout: 20_000 })).find((child) => child.textContent?.includes(gone.lotNumber))!;
    const deactivate = within(goneChild).getByRole('button', { name: /^Deactivate child document / });
    const number = deactivate.getAttribute('aria-label')!.replace('Deactivate child document ', '');
    await user.click(deactivate);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Child Document' });
    const reason = within(dialog).getByLabelText(/Reason/);
    expect(reason.getAttribute('aria-required')).not.toBe('true');
    // The signer's username comes prefilled (signature dialogs prefill the signed-in user).
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(author.email);
    await user.type(within(dialog).getByLabelText('Password'), author.password);
    await user.type(reason, 'Replaced by the combined leaflet');
    const requests = recordRequests();
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      const deactivated = await screen.findByTestId('deactivated-children', {}, { timeout: 15_000 });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The screen sends the reason it asked for (optional over the API: the spec's payload has no field for it).
      expect(requests.sent('DELETE', '/document/deleteChildDoc').map((r) => r.body)).toEqual([
        { childDocumentId: goneChild.getAttribute('data-child-id'), username: author.email, password: author.password, reason: 'Replaced by the combined leaflet' },
      ]);
      expect(within(deactivated).getByRole('heading', { name: 'Deactivated (1)' })).toBeTruthy();
      const item = within(deactivated).getByTestId('deactivated-child');
      expect(item.textContent).toContain(number);
      expect(item.textContent).toContain('Deactivated');
      expect(within(item).getByTestId('deactivated-child-details').textContent).toContain(`IFU Number ${gone.lotNumber} · Part Number PN-GONE`);
      expect(within(item).getByTestId('deactivated-child-obsolete').textContent).toBe(`Obsolete from ${today()}`);
      expect(within(item).getByTestId('deactivated-child-reason').textContent).toBe('Reason: Replaced by the combined leaflet');
    } finally {
      requests.stop();
    }
    // The active child is the only one offered for editing and counted.
    await waitFor(() => expect(screen.getAllByTestId('child-document')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Child Documents (1)' })).toBeTruthy();
  });

  it("a child's edit page says its signature means Modification; adding a child says Authorship", async () => {
    const { parentChangeId } = await arrangePendingChangeOrder(author, approver);
    const first = await renderRoute(paths.app.documents.view.getHref(parentChangeId), { as: author });
    const child = await screen.findByTestId('child-document', {}, { timeout: 20_000 });
    await first.user.click(within(child).getByRole('link', { name: /^Edit child document / }));
    const meaning = await screen.findByTestId('signature-meaning-text', {}, { timeout: 15_000 });
    expect(meaning.textContent).toBe('Signature meaning: Modification. By signing you state that you made these changes to the child document.');
    first.unmount();

    await renderRoute(paths.app.documents.addChild.getHref(parentChangeId), { as: author });
    expect((await screen.findByTestId('signature-meaning-text', {}, { timeout: 15_000 })).textContent).toBe(
      'Signature meaning: Authorship. By signing you state that you wrote what you submit.',
    );
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });
});
