import { useMemo } from 'react';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

import { LoadingScreen } from '@/components/ui/loading-screen';
import { RouteError } from '@/components/ui/route-error';
import { paths } from '@/config/paths';
import { AdminRoute } from '@/lib/auth';

/** Each screen is its own chunk. */
const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

const { app, auth } = paths;
const docs = app.documents;

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: LoadingScreen,
    children: [
      // Public (spec §2.1).
      { path: auth.login.path, lazy: page(() => import('./routes/auth/login')) },
      { path: auth.sendRequest.path, lazy: page(() => import('./routes/auth/send-request')) },
      { path: auth.setPassword.path, lazy: page(() => import('./routes/auth/set-password')) },
      { path: auth.unlock.path, lazy: page(() => import('./routes/auth/unlock')) },
      { path: auth.confirmChange.path, lazy: page(() => import('./routes/auth/confirm-change')) },
      { path: app.secondFactor.path, lazy: page(() => import('./routes/second-factor')) },

      // Logged in (spec §2.2): everything else.
      {
        lazy: page(() => import('./routes/app/root')),
        children: [
          {
            // Keeps the shell on screen when a page fails.
            errorElement: <RouteError />,
            children: [
              // The first screen of every staff user is what waits for them; the spec's screens keep their routes.
              { index: true, element: <Navigate to={app.tasks.getHref()} replace /> },
              { path: app.tasks.path, lazy: page(() => import('./routes/app/tasks')) },
              { path: app.query.path, lazy: page(() => import('./routes/app/query')) },
              { path: app.archive.path, lazy: page(() => import('./routes/app/archive')) },
              { path: app.changePassword.path, lazy: page(() => import('./routes/app/change-password')) },
              { path: app.absence.path, lazy: page(() => import('./routes/app/absence')) },
              { path: app.mailPreference.path, lazy: page(() => import('./routes/app/mail-preference')) },
              { path: docs.list.path, lazy: page(() => import('./routes/app/documents/list')) },
              { path: docs.search.path, lazy: page(() => import('./routes/app/documents/search')) },
              { path: docs.add.path, lazy: page(() => import('./routes/app/documents/add')) },
              { path: docs.revise.path, lazy: page(() => import('./routes/app/documents/revise')) },
              { path: docs.view.path, lazy: page(() => import('./routes/app/documents/view')) },
              { path: docs.editParent.path, lazy: page(() => import('./routes/app/documents/edit-parent')) },
              { path: docs.editChild.path, lazy: page(() => import('./routes/app/documents/edit-child')) },
              { path: docs.addChild.path, lazy: page(() => import('./routes/app/documents/add-child')) },
              {
                // ADMIN only: a USER goes to the document list.
                element: <AdminRoute />,
                children: [
                  { path: app.users.path, lazy: page(() => import('./routes/app/admin/users')) },
                  { path: app.customers.path, lazy: page(() => import('./routes/app/admin/customers')) },
                  { path: app.customerForm.path, lazy: page(() => import('./routes/app/admin/customer-form')) },
                  { path: app.notifications.path, lazy: page(() => import('./routes/app/admin/notifications')) },
                  { path: app.auditReview.path, lazy: page(() => import('./routes/app/admin/audit-review')) },
                  { path: app.paperCopies.path, lazy: page(() => import('./routes/app/paper-copies')) },
                  { path: app.notificationAdd.path, lazy: page(() => import('./routes/app/admin/notification-add')) },
                  {
                    path: app.notificationUpdate.path,
                    lazy: page(() => import('./routes/app/admin/notification-update')),
                  },
                ],
              },
              { path: '*', lazy: page(() => import('./routes/app/not-found')) },
            ],
          },
        ],
      },
    ],
  },
];

export const AppRouter = () => {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
};
