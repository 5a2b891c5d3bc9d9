import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaff } from '@/testing/ui-api';

import { LOGIN_TEXT } from './login-messages';

describe('Login (route level, real API)', () => {
  it('takes a staff member from the username step through the password step to the documents list', async () => {
    const author = await addStaff('USER');
    const { user, router } = await renderRoute('/login');

    await user.type(await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }), author.email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(LOGIN_TEXT.passwordLabel, { exact: false }), author.password);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Documents' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.app.documents.list.getHref());
  });

  it('keeps a wrong password on the password step with the spec message', async () => {
    const author = await addStaff('USER');
    const { user } = await renderRoute('/login');

    await user.type(await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }), author.email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(LOGIN_TEXT.passwordLabel, { exact: false }), 'not the password at all');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();
  });
});
