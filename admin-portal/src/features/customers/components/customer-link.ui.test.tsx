import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/testing/render-route';
import { addStaffPatiently, arrangeCustomerAwaiting } from '@/testing/ui-arrange';
import { unique } from '@/testing/ui-api';

describe('Manage Customer opened from a mailed link (route level, real API)', () => {
  it('/managecustomer?view=<id> opens that customer’s View Customer modal; closed, the link is gone from the address', async () => {
    const approver = await addStaffPatiently('ADMIN');
    const name = `Linked Clinic ${unique()}`;
    const id = await arrangeCustomerAwaiting(approver, name);
    const { user, router } = await renderRoute(`/managecustomer?view=${id}`, { as: approver });
    const dialog = await screen.findByRole('dialog', { name: 'View Customer' }, { timeout: 15_000 });
    expect(within(dialog).getByText(name)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'View Customer' })).toBeNull());
    expect(router.state.location.search).toBe('');
  }, 90_000);

  it('a link to no customer says so above the list', async () => {
    const admin = await addStaffPatiently('ADMIN');
    await renderRoute('/managecustomer?view=00000000-0000-4000-8000-000000000000', { as: admin });
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toContain('The customer of this link could not be opened: Customer not found');
  }, 90_000);
});
