import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaff, type Staff } from '@/testing/ui-api';

/** The main menu as a narrow screen (jsdom's) shows it: opened from the app bar. */
async function openMenu(user: { click(element: Element): Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 60_000 }));
  return screen.findByTestId('side-menu');
}

/**
 * The paper-copy requests name each requester, their postal address and email: the screen is for the ADMINs who send
 * the copies, as the API's `GET /paperCopyRequests` is.
 */
describe('Paper Copies (route level, real API): ADMIN only', { timeout: 180_000 }, () => {
  let user: Staff;
  let admin: Staff;
  beforeAll(async () => {
    [user, admin] = await Promise.all([addStaff('USER'), addStaff('ADMIN')]);
  });

  it('a USER has no Paper Copies in the menu, and /paperCopies sends them to the document list', async () => {
    const rendered = await renderRoute(paths.app.paperCopies.getHref(), { as: user });
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe(paths.app.documents.list.getHref()), { timeout: 60_000 });
    const menu = await openMenu(rendered.user);
    expect(within(menu).getByText('Documents')).toBeTruthy();
    expect(within(menu).queryByText('Paper Copies')).toBeNull();
  });

  it('an ADMIN has Paper Copies in the menu and the screen', async () => {
    const rendered = await renderRoute(paths.app.paperCopies.getHref(), { as: admin });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Paper Copies'), { timeout: 60_000 });
    expect(rendered.router.state.location.pathname).toBe(paths.app.paperCopies.getHref());
    expect(within(await openMenu(rendered.user)).getByText('Paper Copies')).toBeTruthy();
  });
});
