import { Navigate, useLocation } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { SendRequestPanel } from '@/features/auth/components/send-request-panel';
import { SendRequestState } from '@/features/auth/components/send-request-state';

const SendRequestRoute = () => {
  const location = useLocation();
  const state = SendRequestState.safeParse(location.state);
  // Reached only from the login flow, which passes the username.
  if (!state.success) return <Navigate to={paths.auth.login.getHref()} replace />;
  return (
    <AuthLayout title="Send Request">
      <SendRequestPanel {...state.data} />
    </AuthLayout>
  );
};

export default SendRequestRoute;
