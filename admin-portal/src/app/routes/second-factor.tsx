import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { SecondFactorEnrolment } from '@/features/second-factor/components/enrolment';
import { getSession, setSession, useSession } from '@/lib/app-state';
import { ProtectedRoute } from '@/lib/auth';
import { afterLoginHref } from '@/lib/return-path';

/**
 * Second factor: every staff member may set one up (account menu); an ADMIN without one is sent here at
 * login and can do nothing else until it is set up. A screen of its own, outside the menu layout, whose other screens
 * that session could not use.
 */
const SecondFactorScreen = () => {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const required = session?.secondFactorRequired === true;
  const done = () => {
    const current = getSession();
    if (current) setSession({ ...current, secondFactorRequired: false });
    void queryClient.invalidateQueries();
    // On to where the login was going (an emailed link), or the first screen.
    navigate(afterLoginHref(location.search), { replace: true });
  };
  return (
    <AuthLayout title="Second factor" subtitle="An authenticator app for your login.">
      <Stack spacing={3}>
        <SecondFactorEnrolment required={required} onDone={done} />
        <Stack direction="row" spacing={2}>
          {required ? null : (
            <Button variant="text" onClick={() => navigate(paths.home.getHref())}>
              Back to the portal
            </Button>
          )}
          <Button variant="text" onClick={() => logout.mutate()} loading={logout.isPending}>
            Logout
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
};

const SecondFactorRoute = () => (
  <ProtectedRoute enrolment>
    <SecondFactorScreen />
  </ProtectedRoute>
);

export default SecondFactorRoute;
