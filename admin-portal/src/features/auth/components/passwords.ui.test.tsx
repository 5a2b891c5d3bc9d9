import { PASSWORD_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { INACTIVITY_NOTICE, rememberSignOutNotice } from '@/lib/sign-out-notice';
import { renderRoute } from '@/testing/render-route';
import { addStaffPatiently } from '@/testing/ui-arrange';
import { adminToken, call, uiApi, unique } from '@/testing/ui-api';

import { mailedToken } from '../../../../../test-support/http-client';

/** A newcomer added through Manage User: the token of the set-password link mailed to them. */
async function newcomerLink() {
  const email = `newcomer.${unique()}@example.com`;
  const added = await call('POST', '/user/add', { token: await adminToken(), body: { email, firstName: 'Nova', lastName: `Newcomer${unique()}`, isTrainingCompleted: true } });
  expect(added.status).toBe(200);
  return { email, token: await mailedToken(uiApi().dataDir, email, '/user/setpassword/') };
}

/** The rules 'monkey' breaks: short, on the common list, easy to guess. */
const MONKEY_RULES = [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.tooCommon, PASSWORD_MESSAGES.tooGuessable];

describe('the password screens and the sign-in notice (route level, real API)', { timeout: 120_000 }, () => {
  afterEach(() => window.sessionStorage.clear());

  it('Reset Password checks its link when it opens: a made-up link is said at once, with no field to type into', async () => {
    await renderRoute(paths.auth.setPassword.getHref('not-a-real-token'));
    const said = await screen.findByTestId('set-password-link-invalid', {}, { timeout: 15_000 });
    expect(said.textContent).toBe(PASSWORD_MESSAGES.linkInvalid);
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('Reset Password with its emailed link: a password that breaks several rules is refused with every rule listed; a good one is set and the form gives way to the message', async () => {
    const { token } = await newcomerLink();
    const { user } = await renderRoute(paths.auth.setPassword.getHref(token));
    const password = await screen.findByLabelText('New Password', {}, { timeout: 15_000 });
    // The rules are said before anything is typed.
    expect(screen.getByText(/^12 to 128 characters; not your email address/)).toBeTruthy();

    await user.type(password, 'monkey');
    await user.type(screen.getByLabelText('Confirm Password'), 'monkey');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const rules = await screen.findByTestId('set-password-rules', {}, { timeout: 15_000 });
    expect(within(rules).getAllByRole('listitem').map((item) => item.textContent)).toEqual(MONKEY_RULES);

    await user.clear(password);
    await user.type(password, 'a long and unusual passphrase 42');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'a long and unusual passphrase 42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('set-password-message').textContent).toBe(PASSWORD_MESSAGES.created), { timeout: 15_000 });
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('Change Password fills in the signed-in user’s email, and a new password that breaks several rules is refused with each rule under it', async () => {
    const staff = await addStaffPatiently('USER');
    const { user } = await renderRoute(paths.app.changePassword.getHref(), { as: staff });
    const form = await screen.findByTestId('change-password-form', {}, { timeout: 15_000 });
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe(staff.email);

    await user.type(within(form).getByLabelText('Current Password'), staff.password);
    await user.type(within(form).getByLabelText('New Password'), 'monkey');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'monkey');
    await user.click(within(form).getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(within(form).getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true'), { timeout: 15_000 });
    const help = document.getElementById(within(form).getByLabelText('New Password').getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(help.textContent).toBe(MONKEY_RULES.join('\n'));
  });

  it('after the idle sign-out the login page says why, and still does when a redirect mounts it again', async () => {
    rememberSignOutNotice(INACTIVITY_NOTICE);
    const first = await renderRoute(paths.auth.login.getHref());
    expect((await screen.findByTestId('sign-out-notice', {}, { timeout: 15_000 })).textContent).toBe(
      'You were signed out after 10 minutes without activity. Sign in again to continue.',
    );
    first.unmount();
    await renderRoute(paths.auth.login.getHref());
    expect((await screen.findByTestId('sign-out-notice', {}, { timeout: 15_000 })).textContent).toBe(
      'You were signed out after 10 minutes without activity. Sign in again to continue.',
    );
  });
});
