import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaff, adminToken, call, type Staff, uiApi, unique } from '@/testing/ui-api';

import { logIn } from '../../../../../test-support/http-client';
import { PNG_1X1, pngClaiming } from '../../../../../test-support/images';

/**
 * POST /customer/add as the form sends it, with a PNG logo. The multipart body is written by hand: under jsdom the
 * global FormData and Blob are jsdom's, which Node's fetch does not send.
 */
async function addCustomer(fields: Record<string, string>) {
  const boundary = `----ui${unique()}`;
  const parts: Buffer[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="customerLogo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`));
  parts.push(PNG_1X1, Buffer.from(`\r\n--${boundary}--\r\n`));
  const response = await fetch(`${uiApi().url}/customer/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  });
  return { status: response.status, body: (await response.json()) as { customer: { id: string; version: number } } };
}

/** An approved customer: registered by the first ADMIN with `approver`, approved by them through the API. */
async function approvedCustomer(approver: Staff) {
  const customerName = `Pending Clinic ${unique()}`;
  const added = await addCustomer({
    customerName,
    contactInformation: '4930901820',
    contactEmail: 'pending@clinic.example',
    countryExclusionList: 'FR',
    customerWebsiteLink: 'https://example.com',
    approverId: approver.id,
  });
  expect(added.status).toBe(200);
  const id = added.body.customer.id;
  // Through the helper: an ADMIN logs in with a second factor.
  const approverToken = await logIn(uiApi().url, approver.email, approver.password);
  const decided = await call('POST', '/customer/approve/add', {
    token: approverToken,
    headers: { 'if-match': `"${added.body.customer.version}"` },
    body: { customerId: id, customerApproverId: approver.id, customerApproval: true, username: approver.email, password: approver.password },
  });
  expect(decided.status).toBe(200);
  return { id, customerName };
}

const publicWebsite = async (name: string) =>
  ((await call('GET', '/module2/getApprovedCustomers')).body.customerList as Array<{ customerName: string; customerWebsiteLink: string }>).find(
    (customer) => customer.customerName === name,
  )?.customerWebsiteLink;

describe('Update Customer of an approved customer (route level, real API)', () => {
  it('says before saving that the change waits for the approver, saves it as pending (the public API keeps the old website), and shows it when edited again', async () => {
    const approver = await addStaff('ADMIN');
    const { id, customerName } = await approvedCustomer(approver);
    const admin = { email: uiApi().adminEmail, password: uiApi().adminPassword };
    const { user, router, unmount } = await renderRoute(paths.app.customerForm.getHref(id), { as: admin });

    const notice = await screen.findByTestId('approved-edit-notice', {}, { timeout: 10_000 });
    expect(notice.textContent).toBe(CUSTOMER_MESSAGES.approvedEditNotice);
    const website = await screen.findByLabelText('Website link');
    await user.clear(website);
    await user.type(website, 'https://new.clinic.example');
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));

    expect(await screen.findByText(CUSTOMER_MESSAGES.changePending, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.app.customers.getHref()), { timeout: 10_000 });
    expect(await publicWebsite(customerName)).toBe('https://example.com');
    unmount();

    // Edited again: the form starts from the pending values and shows what waits, field by field.
    await renderRoute(paths.app.customerForm.getHref(id), { as: admin });
    const again = await screen.findByTestId('approved-edit-notice', {}, { timeout: 10_000 });
    const row = within(again).getByTestId('pending-change-row');
    expect(within(row).getByRole('rowheader').textContent).toBe('Website link');
    expect(within(row).getByTestId('pending-change-current').textContent).toBe('https://example.com');
    expect(within(row).getByTestId('pending-change-pending').textContent).toBe('https://new.clinic.example');
    expect((await screen.findByLabelText<HTMLInputElement>('Website link')).value).toBe('https://new.clinic.example');
  }, 90_000);

  it('says nothing of the kind for a customer awaiting its first approval (its changes apply at once)', async () => {
    const approver = await addStaff('ADMIN');
    const customerName = `Fresh Clinic ${unique()}`;
    const added = await addCustomer({ customerName, contactInformation: '4930901820', contactEmail: 'fresh@clinic.example', approverId: approver.id });
    expect(added.status).toBe(200);
    await renderRoute(paths.app.customerForm.getHref(added.body.customer.id), { as: { email: uiApi().adminEmail, password: uiApi().adminPassword } });
    expect(((await screen.findByLabelText<HTMLInputElement>('Name', {}, { timeout: 10_000 })) as HTMLInputElement).value).toBe(customerName);
    expect(screen.queryByTestId('approved-edit-notice')).toBeNull();
  }, 90_000);

  it("shows the server's refusal of a logo next to the Logo field, not as a passing toast", async () => {
    const approver = await addStaff('ADMIN');
    const added = await addCustomer({ customerName: `Logo Clinic ${unique()}`, contactInformation: '4930901820', contactEmail: 'logo@clinic.example', approverId: approver.id });
    expect(added.status).toBe(200);
    const { user } = await renderRoute(paths.app.customerForm.getHref(added.body.customer.id), { as: { email: uiApi().adminEmail, password: uiApi().adminPassword } });
    await screen.findByLabelText('Name', {}, { timeout: 10_000 });
    // A PNG whose header claims 20000 × 20000 pixels: only the server decodes it, and refuses it.
    await user.upload(screen.getByTestId('customer-logo-input'), new File([new Uint8Array(pngClaiming(20_000, 20_000))], 'huge.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    const field = screen.getByTestId('customer-logo-input').closest('fieldset')!;
    await waitFor(() => expect(field.textContent).toContain('The logo is too large: at most 4096 × 4096 pixels'), { timeout: 10_000 });
    expect(screen.getByTestId('customer-logo-input').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert', { name: /too large/ })).toBeNull();
  }, 90_000);
});
