import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute, signIn } from '@/testing/render-route';
import { recordRequests } from '@/testing/sent-requests';
import { addStaffPatiently, arrangeDecided, arrangePendingChangeOrder, call } from '@/testing/ui-arrange';
import type { Staff } from '@/testing/ui-api';

describe('Online/Offline and the document-detail modal (route level, real API)', () => {
  let author: Staff;
  let approver: Staff;
  beforeAll(async () => {
    author = await addStaffPatiently('USER');
    approver = await addStaffPatiently('ADMIN');
  });

  it('switching an approved change order Offline asks first, names the effect, asks for a reason, and takes effect at once (spec §4)', async () => {
    const admin = await addStaffPatiently('ADMIN');
    const { parentChangeId, documentId, customerName } = await arrangePendingChangeOrder(author, approver);
    await arrangeDecided(approver, parentChangeId);
    const { user } = await renderRoute(paths.app.documents.view.getHref(parentChangeId), { as: admin });

    const online = await screen.findByRole('switch', { name: 'Online' }, { timeout: 15_000 });
    expect((online as HTMLInputElement).checked).toBe(true);
    await user.click(online);
    // Nothing is sent yet: a dialog names the effect.
    const dialog = await screen.findByRole('dialog', { name: `Switch ${documentId} Offline?` });
    expect(within(dialog).getByText(new RegExp(`disappear from ${customerName}’s public search at once`))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Switch Offline' }));
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.enterReason)).toBeTruthy();
    const token = await signIn(admin);
    expect((await call('GET', `/document/get/${parentChangeId}`, { token })).body.isInternal).toBe(false);

    // Cancel leaves it Online; then with a reason it is Offline at once, nothing pending.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(online);
    const again = await screen.findByRole('dialog', { name: `Switch ${documentId} Offline?` });
    await user.type(within(again).getByLabelText(/Reason/), 'Label under correction');
    const requests = recordRequests();
    try {
      await user.click(within(again).getByRole('button', { name: 'Switch Offline' }));
      await waitFor(async () => expect((await call('GET', `/document/get/${parentChangeId}`, { token })).body).toMatchObject({ isInternal: true, pendingAccessibility: null }), {
        timeout: 10_000,
      });
      // The screen sends the reason it asked for (optional over the API, where the spec's payload has no field).
      expect(requests.sent('POST', '/document/update/IsInternal').map((r) => r.body)).toEqual([
        { parentDocumentChangeId: parentChangeId, isInternal: true, reason: 'Label under correction' },
      ]);
    } finally {
      requests.stop();
    }
  });

  it('the Document ID on the list opens the document-detail modal of spec §2.7 with every field', async () => {
    const lotNumber = `LOT-D-${Date.now()}`;
    const { documentId } = await arrangePendingChangeOrder(author, approver, [{ lotNumber, partNumber: 'PN-DETAIL' }]);
    const { user } = await renderRoute(paths.app.documents.list.getHref(), { as: author });

    await user.click(await screen.findByRole('button', { name: `Details of ${documentId}` }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: `Document Details ${documentId}` });
    const details = await within(dialog).findByTestId('document-detail', {}, { timeout: 10_000 });
    for (const label of ['Document Number', 'IFU Number', 'Effective Date', 'Obsolete Date', 'Languages', 'Countries', 'Sub-family Names', 'Status']) {
      expect(within(details).getByRole('rowheader', { name: label }), label).toBeTruthy();
    }
    expect(within(details).getByTestId('detail-document-number').textContent).toContain(documentId);
    expect(within(details).getByTestId('detail-ifu-number').textContent).toBe(lotNumber);
    expect(within(details).getByTestId('detail-obsolete-date').textContent).toBe('—');
    expect(within(details).getByTestId('detail-languages').textContent).toBe('German, English');
    expect(within(details).getByTestId('detail-countries').textContent).toBe('Germany, United States');
    expect(within(details).getByTestId('detail-sub-family-names').textContent).toBe('PN-DETAIL · BOM-PN-DETAIL');
    expect(within(details).getByTestId('detail-status').textContent).toBe('Approval Pending');
  });
});
