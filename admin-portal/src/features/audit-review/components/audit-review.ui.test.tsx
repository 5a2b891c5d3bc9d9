import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaffPatiently, arrangePendingChangeOrder } from '@/testing/ui-arrange';
import type { Staff } from '@/testing/ui-api';

/** Audit Trail Review (route level, real API): names, not ids. */
describe('Audit Trail Review (route level, real API)', { timeout: 180_000 }, () => {
  let admin: Staff;
  let author: Staff;
  let approver: Staff;
  beforeAll(async () => {
    admin = await addStaffPatiently('ADMIN');
    author = await addStaffPatiently('USER');
    approver = await addStaffPatiently('ADMIN');
  });

  it("opened on a change order's address (its id), the record field names it, and what changed reads by the screens' labels and people's names", async () => {
    const { parentChangeId, documentId, productName, customerName } = await arrangePendingChangeOrder(author, approver);
    await renderRoute(`${paths.app.auditReview.getHref()}?kind=changeOrder&id=${parentChangeId}`, { as: admin });

    const field = () => screen.getByLabelText<HTMLInputElement>('Record (search by name, or paste its id)');
    await screen.findByLabelText('Record (search by name, or paste its id)', {}, { timeout: 20_000 });
    await waitFor(() => expect(field().value).toBe(`${documentId} ${productName}`), { timeout: 15_000 });

    const created = (await screen.findAllByTestId('history-entry')).find((entry) => entry.textContent?.includes('ChangeOrderCreated'))!;
    const changes = within(created).getAllByTestId('history-change').map((change) => change.textContent);
    expect(changes).toContain(`Approver: (empty) → ${approver.firstName} ${approver.lastName}`);
    expect(changes).toContain(`Customer: (empty) → ${customerName}`);
    expect(changes).toContain(`Product Name: (empty) → ${productName}`);
    expect(changes).toContain('Accessibility: (empty) → Online');
    const shown = within(created).getByTestId('history-changes').textContent!;
    for (const id of [approver.id, parentChangeId]) expect(shown).not.toContain(id);
    expect(shown).not.toMatch(/approverId|customerId|productFamilyName/);
    // Its action names them too.
    expect(created.textContent).toContain(`for customer ${customerName}, approver ${approver.firstName} ${approver.lastName}`);
  });

  it('a record found by name and shown keeps its name in the field, not its id', async () => {
    const { parentChangeId, documentId, productName } = await arrangePendingChangeOrder(author, approver);
    const { user, router } = await renderRoute(paths.app.auditReview.getHref(), { as: admin });
    const record = await screen.findByLabelText('Record (search by name, or paste its id)', {}, { timeout: 20_000 });
    await user.type(record, documentId);
    await user.click(await screen.findByRole('option', { name: `${documentId} ${productName}` }, { timeout: 15_000 }));
    await user.click(screen.getByTestId('show-history'));
    await waitFor(() => expect(router.state.location.search).toContain(`id=${parentChangeId}`));
    await screen.findAllByTestId('history-entry', {}, { timeout: 15_000 });
    expect((screen.getByLabelText('Record (search by name, or paste its id)') as HTMLInputElement).value).toBe(`${documentId} ${productName}`);
  });
});
