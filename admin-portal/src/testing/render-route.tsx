import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { setSession } from '@/lib/app-state';

import { logInReusingToken } from '../../../test-support/http-client';

import { call, type Staff, uiApi } from './ui-api';

/**
 * Logs `who` in through the API and stores the session as the login screen does (an ADMIN with the second factor the
 * helpers hold for them).
 */
export async function signIn(who: Pick<Staff, 'email' | 'password'>) {
  const token = await logInReusingToken(uiApi().url, who.email, who.password);
  const me = await call('GET', '/user/me', { token });
  if (me.status !== 200) throw new Error(`the session of ${who.email} does not work: ${me.status} ${JSON.stringify(me.body)}`);
  const { role, id, email, firstName, lastName } = me.body;
  setSession({ token, role, id, email, firstName, lastName });
  return token;
}

/**
 * Renders the admin portal at `path` with its real routes and providers (as signed in as `as`, when given) and a
 * user-event session to act through: a route-level test clicks and types as a person does.
 */
export async function renderRoute(path: string, options: { as?: Pick<Staff, 'email' | 'password'> } = {}) {
  const token = options.as ? await signIn(options.as) : undefined;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, token };
}
