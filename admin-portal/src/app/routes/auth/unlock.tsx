import { useParams } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { useUnlockAccount } from '@/features/auth/api/unlock-account';
import { EmailedLinkAction } from '@/features/auth/components/emailed-link-action';

/** /user/unlock/:token — the owner lifts the lock that guesses from many places put on the account. */
const UnlockRoute = () => {
  const { token = '' } = useParams();
  const unlock = useUnlockAccount();
  return (
    <AuthLayout title="Unlock Account">
      <EmailedLinkAction
        token={token}
        explanation="Your account was locked after many wrong passwords. If you did not type them, consider setting a new password after unlocking."
        action="Unlock my account"
        mutation={unlock}
      />
    </AuthLayout>
  );
};

export default UnlockRoute;
