import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { arrangeDocumentCast, arrangePendingChangeOrder, type DocumentCast } from '@/testing/documents';
import { renderRoute } from '@/testing/render-route';
import { addStaff } from '@/testing/ui-api';

/** The list, searched for the arranged change order's product name (the list is shared by every test of the run). */
async function openListAt(who: { email: string; password: string }, productName: string) {
  const rendered = await renderRoute(paths.app.documents.list.getHref(), { as: who });
  // The first visit loads the screen's modules: slow on a loaded machine.
  expect(await screen.findByRole('heading', { name: 'Documents' }, { timeout: 60_000 })).toBeTruthy();
  await rendered.user.type(screen.getByRole('textbox', { name: 'Search documents' }), productName);
  return rendered;
}

/** The grid's row holding `text` (its View link names the document). */
const rowOf = async (documentId: string) => {
  const view = await screen.findByRole('link', { name: `View ${documentId}` }, { timeout: 10_000 });
  const row = view.closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no grid row around View ${documentId}`);
  return row;
};

describe('Documents list (route level, real API)', { timeout: 180_000 }, () => {
  // The people and customer of this file's change orders; each test arranges a change order of its own.
  let cast: DocumentCast;
  beforeAll(async () => {
    cast = await arrangeDocumentCast();
  });

  it('loads the Documents tab and shows a pending change order arranged through the API, found with the search box', async () => {
    const order = await arrangePendingChangeOrder({ cast });
    const { user, router } = await openListAt(order.author, order.productName);

    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    const row = await rowOf(order.documentId);
    expect(within(row).getByText(order.documentId)).toBeTruthy();
    expect(within(row).getByText(order.customerName)).toBeTruthy();
    expect(within(row).getByText(order.approver.firstName)).toBeTruthy();
    expect(within(row).getByText('Approval Pending')).toBeTruthy();
    expect(within(row).getByText('Online')).toBeTruthy();

    // A search that matches nothing empties the grid; the other tab lists it too.
    await user.clear(screen.getByRole('textbox', { name: 'Search documents' }));
    await user.type(screen.getByRole('textbox', { name: 'Search documents' }), `${order.productName} nothing like it`);
    expect(await screen.findByText('No documents', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: `View ${order.documentId}` })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'All Documents' }));
    expect(router.state.location.search).toBe('?tab=all');
    await user.type(screen.getByRole('textbox', { name: 'Search documents' }), order.productName);
    expect(await rowOf(order.documentId)).toBeTruthy();

    await user.click(screen.getByRole('link', { name: `View ${order.documentId}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.app.documents.view.getHref(order.parentChangeId)), { timeout: 10_000 });
  });

  it('offers no approval action to a USER (the author)', async () => {
    const order = await arrangePendingChangeOrder({ cast });
    await openListAt(order.author, order.productName);
    await rowOf(order.documentId);
    expect(screen.queryByRole('button', { name: `Approve ${order.documentId}` })).toBeNull();
  });

  it('offers no approval action to an ADMIN who is not the assigned approver', async () => {
    const order = await arrangePendingChangeOrder({ cast });
    const otherAdmin = await addStaff('ADMIN', 'Other');
    await openListAt(otherAdmin, order.productName);
    await rowOf(order.documentId);
    expect(screen.queryByRole('button', { name: `Approve ${order.documentId}` })).toBeNull();
  });

  it('offers the assigned ADMIN approver Approve on the row, which opens the approval modal for that change order', async () => {
    const order = await arrangePendingChangeOrder({ cast });
    const { user } = await openListAt(order.approver, order.productName);
    const row = await rowOf(order.documentId);

    await user.click(within(row).getByRole('button', { name: `Approve ${order.documentId}` }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect((await within(dialog).findAllByText(order.documentId, { exact: false }, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeTruthy();
  });
});
