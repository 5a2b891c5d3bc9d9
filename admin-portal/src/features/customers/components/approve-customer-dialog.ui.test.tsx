import { CUSTOMER_MESSAGES, REASON_MAX } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/testing/render-route';
import { recordRequests } from '@/testing/sent-requests';
import { addStaffPatiently, arrangeCustomerAwaiting } from '@/testing/ui-arrange';
import { unique } from '@/testing/ui-api';

describe('Customer Approve modal on the one SignedConfirmForm (route level, real API)', () => {
  it('says Password Mismatch next to the field, says why Submit waits, and takes the contract’s reason limit', async () => {
    const approver = await addStaffPatiently('ADMIN');
    const name = `Dialog Medical ${unique()}`;
    await arrangeCustomerAwaiting(approver, name);
    const { user } = await renderRoute('/managecustomer', { as: approver });
    // The run's one API holds every test's customers: find this one as a person would, by its name.
    await user.type(await screen.findByLabelText('Search customers', {}, { timeout: 15_000 }), name);
    await user.click(await screen.findByRole('button', { name: `Approve ${name}` }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Approve' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByTestId('approval-waiting').textContent).toContain('appears once every field is filled in');
    // The signer's username is filled in: theirs.
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(approver.email);
    await user.type(within(dialog).getByLabelText('Password'), approver.password);
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'something else');
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.passwordMismatch)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(approver.email);
    await user.type(within(dialog).getByLabelText('Password'), approver.password);
    await user.type(within(dialog).getByLabelText('Confirm Password'), approver.password);
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('x'.repeat(REASON_MAX + 1));
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.reasonTooLong)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('Quality agreement not signed yet');
    const submit = await within(dialog).findByRole('button', { name: 'Submit' });
    // Sent, the rejection names the version the list showed (If-Match) and carries the reason.
    const requests = recordRequests();
    try {
      await user.click(submit);
      await waitFor(() => expect(requests.sent('POST', '/customer/approve/add')).toHaveLength(1), { timeout: 10_000 });
      const [rejection] = requests.sent('POST', '/customer/approve/add');
      expect(rejection!.headers['if-match']).toMatch(/^"\d+"$/);
      expect(rejection!.body).toMatchObject({ customerApproval: false, changeJustification: 'Quality agreement not signed yet' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer Approve' })).toBeNull(), { timeout: 10_000 });
    } finally {
      requests.stop();
    }
  }, 240_000);
});
