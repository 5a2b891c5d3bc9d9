import { Outlet } from 'react-router-dom';

import { AppLayout } from '@/components/layout/app-layout';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useLogout } from '@/features/auth/api/logout';
import { accountName, useSession } from '@/lib/app-state';
import { ProtectedRoute } from '@/lib/auth';

const Shell = () => {
  const session = useSession();
  const logout = useLogout();
  useCurrentUser();
  return (
    <AppLayout
      accountName={accountName(session)}
      isAdmin={session?.role === 'ADMIN'}
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
