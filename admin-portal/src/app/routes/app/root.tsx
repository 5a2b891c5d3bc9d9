import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { AppLayout } from '@/components/layout/app-layout';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useLogout } from '@/features/auth/api/logout';
import { useMyTaskCount } from '@/features/tasks/api/get-my-tasks';
import { accountName, useSession } from '@/lib/app-state';
import { ProtectedRoute } from '@/lib/auth';

/** How many tasks wait for the user: asked when the shell opens, on each move to another screen, and every minute. */
const useTaskCount = () => {
  const { pathname } = useLocation();
  const count = useMyTaskCount();
  const { refetch } = count;
  const opened = useRef(false);
  useEffect(() => {
    // The first screen's count is the query's own first answer.
    if (opened.current) void refetch();
    opened.current = true;
  }, [pathname, refetch]);
  return count.data?.count;
};

const Shell = () => {
  const session = useSession();
  const logout = useLogout();
  const taskCount = useTaskCount();
  useCurrentUser();
  return (
    <AppLayout
      accountName={accountName(session)}
      isAdmin={session?.role === 'ADMIN'}
      taskCount={taskCount}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      <Outlet />
    </AppLayout>
  );
};

/** Every logged-in route renders inside the shell; without a session, /login. */
const AppRoot = () => (
  <ProtectedRoute>
    <Shell />
  </ProtectedRoute>
);

export default AppRoot;
