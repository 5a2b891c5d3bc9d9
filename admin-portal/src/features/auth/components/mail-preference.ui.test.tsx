import { MAIL_PREFERENCE_MESSAGES } from '@ifu/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/testing/render-route';
import { addStaffPatiently } from '@/testing/ui-arrange';
import { call } from '@/testing/ui-api';

describe('Mail preference (route level, real API)', () => {
  it('a USER reaches it from the account menu, sees one mail each chosen, chooses the daily digest and saves it', async () => {
    const author = await addStaffPatiently('USER');
    const { user, token } = await renderRoute('/document/list', { as: author });
    await user.click(await screen.findByTestId('account-menu-button', {}, { timeout: 15_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mail preference' }));
    expect(await screen.findByRole('heading', { name: 'Mail preference' }, { timeout: 15_000 })).toBeTruthy();

    const each = await screen.findByRole('radio', { name: 'One mail for each task' });
    const digest = screen.getByRole('radio', { name: 'One daily digest' });
    expect((each as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(digest.getAttribute('aria-describedby')).toBe('task-mail-daily-digest-help');

    await user.click(digest);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MAIL_PREFERENCE_MESSAGES.saved)).toBeTruthy();
    expect((await call('GET', '/user/me', { token })).body.taskMail).toBe('daily-digest');
    // Saved: it is the choice the server has, so Save waits for another.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
    expect((screen.getByRole('radio', { name: 'One daily digest' }) as HTMLInputElement).checked).toBe(true);
  }, 90_000);
});
