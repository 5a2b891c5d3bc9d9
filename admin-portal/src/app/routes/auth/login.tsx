import Alert from '@mui/material/Alert';
import { useState } from 'react';

import { AuthLayout } from '@/components/layout/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { GuestRoute } from '@/lib/auth';
import { forgetSignOutNotice, signOutNotice } from '@/lib/sign-out-notice';

const SUBTITLES = {
  username: 'Sign in with your work email address.',
  password: 'Enter your password to continue.',
  code: 'Enter the code from your authenticator app.',
} as const;

const LoginRoute = () => {
  const [step, setStep] = useState<keyof typeof SUBTITLES>('username');
  // Why the app signed the user out (10 minutes without activity): said on the login page until the user goes on to
  // sign in (a redirect that mounts the page again, with a return path, keeps it).
  const [notice] = useState(signOutNotice);
  const onStepChange = (next: keyof typeof SUBTITLES) => {
    if (next !== 'username') forgetSignOutNotice();
    setStep(next);
  };
  return (
    <GuestRoute>
      <AuthLayout title="Sign in" subtitle={SUBTITLES[step]}>
        {notice ? (
          <Alert severity="info" role="status" sx={{ mb: 2.5 }} data-testid="sign-out-notice">
            {notice}
          </Alert>
        ) : null}
        <LoginForm onStepChange={onStepChange} />
      </AuthLayout>
    </GuestRoute>
  );
};

export default LoginRoute;
