import { useState } from 'react';

import { AuthLayout } from '@/components/layout/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { GuestRoute } from '@/lib/auth';

const SUBTITLES = {
  username: 'Sign in with your work email address.',
  password: 'Enter your password to continue.',
  code: 'Enter the code from your authenticator app.',
} as const;

const LoginRoute = () => {
  const [step, setStep] = useState<keyof typeof SUBTITLES>('username');
  return (
    <GuestRoute>
      <AuthLayout title="Sign in" subtitle={SUBTITLES[step]}>
        <LoginForm onStepChange={setStep} />
      </AuthLayout>
    </GuestRoute>
  );
};

export default LoginRoute;
