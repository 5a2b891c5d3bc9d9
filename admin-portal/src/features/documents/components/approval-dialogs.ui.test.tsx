import { DOCUMENT_MESSAGES, REASON_MAX } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaffPatiently, arrangePendingChangeOrder, arrangeReview } from '@/testing/ui-arrange';
import type { Staff } from '@/testing/ui-api';

/** The row of a change order in the documents grid (newest first), once the list has loaded. */
const approveButton = (documentId: string) => screen.findByRole('button', { name: `Approve ${documentId}` }, { timeout: 15_000 });

describe('Approval dialogs on the one SignedConfirmForm (route level, real API)', () => {
  let author: Staff;
  let approver: Staff;
  beforeAll(async () => {
    author = await addStaffPatiently('USER');
    approver = await addStaffPatiently('ADMIN');
  });

  it('the list’s approval modal says Password Mismatch next to the field, says why Submit waits, and takes the contract’s reason limit', async () => {
    const { documentId, parentChangeId } = await arrangePendingChangeOrder(author, approver);
    await arrangeReview(approver, parentChangeId);
    const { user } = await renderRoute(paths.app.documents.list.getHref(), { as: approver });

    await user.click(await approveButton(documentId));
    const dialog = await screen.findByTestId('list-approval-dialog');
    await within(dialog).findAllByTestId('approval-document', {}, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    // Nothing typed yet: no Submit, and a line says why.
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(within(dialog).getByTestId('decision-waiting').textContent).toContain('appears once every field is filled in');
    // The signer's username is filled in: theirs.
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(approver.email);
    await user.type(within(dialog).getByLabelText('Password'), approver.password);
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'not the same');
    // The mismatch is said next to the field, never hidden silently.
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.passwordMismatch)).toBeTruthy();
    expect(within(dialog).getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.clear(within(dialog).getByLabelText('Confirm Password'));
    await user.type(within(dialog).getByLabelText('Confirm Password'), approver.password);
    expect(await within(dialog).findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(within(dialog).queryByText(DOCUMENT_MESSAGES.passwordMismatch)).toBeNull();

    // Reject: the reason's limit is the contract's REASON_MAX.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(approver.email);
    await user.type(within(dialog).getByLabelText('Password'), approver.password);
    await user.type(within(dialog).getByLabelText('Confirm Password'), approver.password);
    const reason = within(dialog).getByLabelText(/Reason/);
    await user.click(reason);
    await user.paste('x'.repeat(REASON_MAX + 1));
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.reasonTooLong)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(REASON_MAX));
    expect(await within(dialog).findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(within(dialog).getByText(`${REASON_MAX}/${REASON_MAX}`)).toBeTruthy();
  }, 120_000);

  it('the view’s Document Approve modal: Submit is always there, says what is missing, and Password Mismatch next to the field', async () => {
    const { parentChangeId } = await arrangePendingChangeOrder(author, approver);
    await arrangeReview(approver, parentChangeId);
    const { user } = await renderRoute(paths.app.documents.view.getHref(parentChangeId), { as: approver });

    const approve = await screen.findByRole('button', { name: 'Approve' }, { timeout: 15_000 });
    await waitFor(() => expect(approve.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Document Approve' });
    // The username is the signer's, filled in; emptied, the spec's message.
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe(approver.email);
    await user.clear(within(dialog).getByLabelText('Username'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.enterUsername)).toBeTruthy();
    expect(within(dialog).getByText(DOCUMENT_MESSAGES.enterPassword)).toBeTruthy();
    expect(within(dialog).getByText(DOCUMENT_MESSAGES.enterConfirmPassword)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Password'), 'one phrase');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'another phrase');
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.passwordMismatch)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(within(dialog).getByText(`0/${REASON_MAX}`)).toBeTruthy();
  }, 60_000);
});
