import { REASSIGN_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute, signIn } from '@/testing/render-route';
import { recordRequests } from '@/testing/sent-requests';
import { addStaffPatiently, arrangeCustomerAwaiting, call } from '@/testing/ui-arrange';
import { uiApi, unique } from '@/testing/ui-api';

/**
 * A multipart request written by hand, with text fields only: under jsdom the global FormData is jsdom's, which Node's
 * fetch does not send.
 */
async function sendMultipart(method: string, path: string, fields: Record<string, string>, token: string) {
  const boundary = `----ui${unique()}`;
  const body = `${Object.entries(fields)
    .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join('')}--${boundary}--\r\n`;
  const response = await fetch(`${uiApi().url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("a customer's approver who edits it, and its reassignment (route level, real API)", () => {
  it('the approver editing a customer waiting for them is warned and must confirm before it is saved; nothing is sent until they do', async () => {
    const approver = await addStaffPatiently('ADMIN', 'Editor');
    const id = await arrangeCustomerAwaiting(approver, `Edited Clinic ${unique()}`);
    const { user } = await renderRoute(paths.app.customerForm.getHref(id), { as: approver });

    // The first route a test process renders loads its modules then: given time.
    const warning = await screen.findByTestId('approver-edit-warning', {}, { timeout: 30_000 });
    expect(warning.textContent).toContain(REASSIGN_MESSAGES.editWarning);
    const website = await screen.findByLabelText('Website link');
    await user.clear(website);
    await user.type(website, 'https://edited.clinic.example');
    const requests = recordRequests();
    try {
      await user.click(screen.getByRole('button', { name: 'Update Customer' }));
      expect(await within(warning).findByRole('alert')).toBeTruthy();
      expect(requests.sent('PUT', '/customer/update')).toEqual([]);
      await user.click(within(warning).getByRole('checkbox', { name: REASSIGN_MESSAGES.confirmEdit }));
      await user.click(screen.getByRole('button', { name: 'Update Customer' }));
      await waitFor(() => expect(requests.sent('PUT', '/customer/update')).toHaveLength(1), { timeout: 10_000 });
    } finally {
      requests.stop();
    }
    const token = await signIn(approver);
    await waitFor(async () => expect((await call('GET', `/customer/get/${id}`, { token })).body).toMatchObject({ canDecide: false, approverIsAuthor: true }), { timeout: 10_000 });
  }, 90_000);

  it('View Customer tells that approver why they may not decide; an ADMIN reassigns it from there to an eligible approver, signed with a reason', async () => {
    const approver = await addStaffPatiently('ADMIN', 'Stuck');
    const other = await addStaffPatiently('ADMIN', 'Taker');
    const customerName = `Reassigned Clinic ${unique()}`;
    const id = await arrangeCustomerAwaiting(approver, customerName);
    const token = await signIn(approver);
    // The approver edits it through the API: they become its last editor.
    const current = (await call('GET', `/customer/get/${id}`, { token })).body;
    const fields: Record<string, string> = {
      id,
      customerName,
      contactInformation: current.contactInformation,
      contactEmail: 'edited@clinic.example',
      countryExclusionList: current.countryExclusionList,
      customerWebsiteLink: current.customerWebsiteLink,
      approverId: approver.id,
    };
    expect((await sendMultipart('PUT', '/customer/update', fields, token)).status).toBe(200);

    const { user } = await renderRoute(paths.app.customers.getHref(), { as: approver });
    // The list is shared by every test of the run: the customer is found by its name.
    await user.type(await screen.findByRole('textbox', { name: 'Search customers' }, { timeout: 15_000 }), customerName);
    await user.click(await screen.findByRole('button', { name: `View ${customerName}` }, { timeout: 15_000 }));
    const view = await screen.findByRole('dialog', { name: 'View Customer' });
    expect(within(view).getByTestId('approver-edited').textContent).toBe(`${REASSIGN_MESSAGES.approverEdited} ${REASSIGN_MESSAGES.youMayReassign}`);
    await user.click(within(view).getByRole('button', { name: REASSIGN_MESSAGES.action }));

    const dialog = await screen.findByRole('dialog', { name: REASSIGN_MESSAGES.action });
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(approver.email);
    // Submitting without choosing says what is missing and sends nothing.
    await user.type(within(dialog).getByLabelText(/Reason/), 'I edited it');
    await user.type(within(dialog).getByLabelText('Password'), approver.password);
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText(REASSIGN_MESSAGES.selectApprover)).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'New approver' }));
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((option) => option.textContent).filter((text) => text?.startsWith(`${approver.firstName} `))).toEqual([]);
    await user.click(within(dialog).getByRole('option', { name: new RegExp(`^${other.firstName} ${other.lastName} \\(`) }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REASSIGN_MESSAGES.action })).toBeNull(), { timeout: 10_000 });
    expect((await call('GET', `/customer/get/${id}`, { token })).body).toMatchObject({ approverId: other.id, approverIsAuthor: false });
  }, 120_000);
});
