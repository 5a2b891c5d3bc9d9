import { TASK_MESSAGES } from '@ifu/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { arrangePendingChangeOrder, uiEndpoint } from '@/testing/documents';
import { renderRoute } from '@/testing/render-route';
import { addStaffPatiently, arrangeCustomerAwaiting } from '@/testing/ui-arrange';
import { addStaff, unique } from '@/testing/ui-api';

import { arrangeDecision } from '../../../../../test-support/document-arrangements';

/** The main menu as a narrow screen (jsdom's) shows it: opened from the app bar. */
async function openMenu(user: { click(element: Element): Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 60_000 }));
  return screen.findByTestId('side-menu');
}

/** The listed tasks, once the list has answered. */
async function listedTasks() {
  await waitFor(() => expect(screen.getByTestId('tasks-summary').textContent).not.toBe(''), { timeout: 60_000 });
  return screen.queryAllByTestId('task');
}

describe('My tasks (route level, real API): the first screen after login', { timeout: 180_000 }, () => {
  it('opens at / for an approver: the change order waiting for them, counted in the menu, its link opens its view', async () => {
    const order = await arrangePendingChangeOrder();
    const { user, router } = await renderRoute(paths.home.getHref(), { as: order.approver });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.app.tasks.getHref()), { timeout: 60_000 });
    expect(await screen.findByRole('heading', { name: TASK_MESSAGES.title }, { timeout: 60_000 })).toBeTruthy();

    const tasks = await listedTasks();
    const task = tasks.find((item) => item.textContent?.includes(order.documentId));
    expect(task, 'the change order is listed').toBeTruthy();
    expect(within(task!).getByText('Approve change order')).toBeTruthy();
    expect(task!.textContent).toContain(order.productName);
    expect(screen.getByTestId('tasks-summary').textContent).toBe(`${tasks.length} ${tasks.length === 1 ? 'task is' : 'tasks are'} waiting for you.`);

    const menu = await openMenu(user);
    await waitFor(() => expect(within(menu).getByTestId('task-count').textContent).toBe(String(tasks.length)));
    expect(within(menu).getByRole('link', { name: `My tasks ${tasks.length}` }).getAttribute('aria-current')).toBe('page');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('side-menu')).toBeNull(), { timeout: 10_000 });

    await user.click(screen.getByRole('link', { name: new RegExp(order.documentId) }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.app.documents.view.getHref(order.parentChangeId)), { timeout: 60_000 });
  });

  it('says nothing is waiting to a USER with nothing to do', async () => {
    const colleague = await addStaff('USER', 'Colleague');
    await renderRoute(paths.app.tasks.getHref(), { as: colleague });
    expect(await listedTasks()).toEqual([]);
    expect(screen.getByTestId('tasks-summary').textContent).toBe(TASK_MESSAGES.empty);
  });

  it("shows the author their rejected change order to revise, with the approver's reason", async () => {
    const order = await arrangePendingChangeOrder({ reviewed: true });
    await arrangeDecision(uiEndpoint(), { parentChangeId: order.parentChangeId, approver: order.approver, approve: false, reason: 'The leaflet is the old revision' });
    await renderRoute(paths.app.tasks.getHref(), { as: order.author });
    const [task, ...more] = await listedTasks();
    expect(more).toEqual([]);
    expect(within(task!).getByText('To revise')).toBeTruthy();
    expect(task!.textContent).toContain('Reason: The leaflet is the old revision');
    expect(within(task!).getByRole('link').getAttribute('href')).toBe(paths.app.documents.view.getHref(order.parentChangeId));
  });

  it("links a customer waiting for its approver to Manage Customer: the Approve modal opens for them, the view for another ADMIN", async () => {
    const approver = await addStaffPatiently('ADMIN');
    const name = `Tasks Medical ${unique()}`;
    await arrangeCustomerAwaiting(approver, name);
    const { user, router } = await renderRoute(paths.app.tasks.getHref(), { as: approver });
    const task = (await listedTasks()).find((item) => item.textContent?.includes(name));
    expect(within(task!).getByText('Approve customer')).toBeTruthy();
    await user.click(within(task!).getByRole('link', { name: new RegExp(name) }));
    expect(await screen.findByRole('dialog', { name: 'Customer Approve' }, { timeout: 60_000 })).toBeTruthy();
    const customerId = new URLSearchParams(router.state.location.search).get('customer')!;
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();

    const other = await addStaffPatiently('ADMIN');
    cleanup();
    await renderRoute(`${paths.app.customers.getHref()}?customer=${customerId}`, { as: other });
    expect(await screen.findByRole('dialog', { name: 'View Customer' }, { timeout: 60_000 })).toBeTruthy();
  });
});
