import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { setSession } from '@/lib/app-state';

import { call, type Staff } from './ui-api';

/** Logs `who` in through the API and stores the session as the login screen does. */
export async function signIn(who: Pick<Staff, 'email' | 'password'>) {
  const answer = await call('POST', '/user/get/token', { body: { username: who.email, password: who.password } });
  if (answer.status !== 200) throw new Error(`login of ${who.email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { message: token, role, id, email, firstName, lastName } = answer.body;
  setSession({ token, role, id, email, firstName, lastName });
  return token as string;
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
