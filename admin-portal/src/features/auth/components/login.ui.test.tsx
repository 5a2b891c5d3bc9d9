import { TASK_MESSAGES } from '@ifu/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaff, uiApi } from '@/testing/ui-api';

import { enrolSecondFactor, logIn } from '../../../../../test-support/http-client';

import { LOGIN_TEXT } from './login-messages';

describe('Login (route level, real API)', () => {
  it('takes a staff member from the username step through the password step to My tasks', async () => {
    const author = await addStaff('USER');
    const { user, router } = await renderRoute('/login');

    await user.type(await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }, { timeout: 15_000 }), author.email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(LOGIN_TEXT.passwordLabel, { exact: false }), author.password);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: TASK_MESSAGES.title }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.app.tasks.getHref());
  });

  it('keeps a wrong password on the password step with the spec message', async () => {
    const author = await addStaff('USER');
    const { user } = await renderRoute('/login');

    await user.type(await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }, { timeout: 15_000 }), author.email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(LOGIN_TEXT.passwordLabel, { exact: false }), 'not the password at all');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: TASK_MESSAGES.title })).toBeNull();
  });

  it('asks a staff member with a second factor for the code after the password, refuses a wrong one, and opens My tasks with the right one', async () => {
    const author = await addStaff('USER');
    const token = await logIn(uiApi().url, author.email, author.password);
    const factor = await enrolSecondFactor(uiApi().url, token, author.email);
    const { user, router } = await renderRoute('/login');

    await user.type(await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }, { timeout: 15_000 }), author.email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(LOGIN_TEXT.passwordLabel, { exact: false }), author.password);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const code = await screen.findByLabelText(LOGIN_TEXT.codeLabel, { exact: false }, { timeout: 10_000 });
    // Six digits are sent as soon as they are typed.
    await user.type(code, '000000');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The code is not correct. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.',
    );
    await user.clear(code);
    await user.type(code, factor.recoveryCodes[0]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: TASK_MESSAGES.title }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.app.tasks.getHref());
  });

  describe('when the API refuses to say more about the address (asked about too often, by anyone)', () => {
    afterEach(() => vi.restoreAllMocks());

    it('goes on to the password step, and the password logs in', async () => {
      const author = await addStaff('USER');
      const { user, router } = await renderRoute('/login');
      const username = await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }, { timeout: 15_000 });
      // The API's answer past its per-address limit on verify-email (its own test: login.int.test.ts).
      const realFetch = globalThis.fetch;
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
        String(input instanceof Request ? input.url : input).endsWith('/user/verify/email')
          ? Promise.resolve(
              new Response(JSON.stringify({ code: 'verify-email-limited', message: 'Too many requests about this email address.' }), {
                status: 429,
                headers: { 'content-type': 'application/json' },
              }),
            )
          : realFetch(input, init),
      );
      await user.type(username, author.email);
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await user.type(await screen.findByLabelText(LOGIN_TEXT.passwordLabel, { exact: false }), author.password);
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      expect(await screen.findByRole('heading', { name: TASK_MESSAGES.title }, { timeout: 10_000 })).toBeTruthy();
      expect(router.state.location.pathname).toBe(paths.app.tasks.getHref());
    });
  });

  describe('when the API cannot be reached', () => {
    afterEach(() => vi.restoreAllMocks());

    it('from another loopback name than the API is configured under, says where to open the portal instead of only Network Error', async () => {
      const { user } = await renderRoute('/login');
      const username = await screen.findByLabelText(LOGIN_TEXT.usernameLabel, { exact: false }, { timeout: 15_000 });
      // What a browser reports when the API refuses the page's origin (CORS): the call fails without an answer.
      vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      await user.type(username, 'someone@example.com');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      const alert = await screen.findByRole('alert');
      // The page is at localhost (jsdom), the API at 127.0.0.1: the same page under the API's name.
      expect(new URL(window.location.href).hostname).toBe('localhost');
      expect(new URL(uiApi().url).hostname).toBe('127.0.0.1');
      const here = new URL(window.location.href);
      expect(alert.textContent).toBe(
        `Network Error: the server did not answer the portal at ${here.host}. Open the portal at http://127.0.0.1:${here.port}${here.pathname} (the address it is configured for).`,
      );
    });
  });
});
