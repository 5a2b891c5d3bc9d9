import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { recordRequests } from '@/testing/sent-requests';
import { addStaffPatiently, adminToken, call } from '@/testing/ui-arrange';

/** Manage User's Deactivate dialog (route level, real API). */
describe('deactivating a user (route level, real API)', { timeout: 120_000 }, () => {
  it("the Deactivate User dialog asks why (optional), sends the reason with the signature, and the user's history records it", async () => {
    const admin = await addStaffPatiently('ADMIN');
    const leaving = await addStaffPatiently('USER', 'Leaving');
    const { user } = await renderRoute(paths.app.users.getHref(), { as: admin });

    await user.click(await screen.findByRole('tab', { name: 'ALL USERS' }, { timeout: 15_000 }));
    await user.type(await screen.findByLabelText('Search users'), leaving.lastName);
    const name = `${leaving.firstName} ${leaving.lastName}`;
    await user.click(await screen.findByRole('button', { name: `Deactivate ${name}` }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    expect(within(dialog).getByText(`Do you want to deactivate ${name}? Sign with your own username and password.`)).toBeTruthy();
    // The signer's username comes prefilled (signature dialogs prefill the signed-in user).
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(admin.email);
    await user.type(within(dialog).getByLabelText('Password'), admin.password);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Left the company');
    const requests = recordRequests();
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 15_000 });
      expect(requests.sent('DELETE', '/user/delete').map((r) => r.body)).toEqual([{ id: leaving.id, username: admin.email, password: admin.password, reason: 'Left the company' }]);
    } finally {
      requests.stop();
    }
    // Recorded with the reason (the audit trail shows it: audit-review.int.test.ts, user-admin.int.test.ts).
    const history = await call('GET', `/audit/history/user/${leaving.id}`, { token: await adminToken() });
    expect(history.body.entries.at(-1)).toMatchObject({ type: 'UserDeactivated', why: [{ label: 'Reason', text: 'Left the company' }], signature: { meaning: 'deactivation' } });
  });
});
