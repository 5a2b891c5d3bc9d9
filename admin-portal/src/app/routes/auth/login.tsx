import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';

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
  // Why the app signed the user out (10 minutes without activity), said once, on the first login page after it.
  const [notice] = useState(signOutNotice);
  useEffect(forgetSignOutNotice, []);
  return (
    <GuestRoute>
      <AuthLayout title="Sign in" subtitle={SUBTITLES[step]}>
        {notice ? (
          <Alert severity="info" role="status" sx={{ mb: 2.5 }} data-testid="sign-out-notice">
            {notice}
          </Alert>
        ) : null}
        <LoginForm onStepChange={setStep} />
      </AuthLayout>
    </GuestRoute>
  );
};

export default LoginRoute;
