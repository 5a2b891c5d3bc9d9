import { useParams } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { EmailedLinkAction } from '@/features/auth/components/emailed-link-action';
import { useConfirmChange } from '@/features/users/api/confirm-change';

/** /user/confirm/:token — accepts a change of the account's email or name, or confirms its new address. */
const ConfirmChangeRoute = () => {
  const { token = '' } = useParams();
  const confirm = useConfirmChange();
  return (
    <AuthLayout title="Confirm Account Change">
      <EmailedLinkAction
        token={token}
        explanation="The change described in the email takes effect only once you confirm it here. If you did not expect it, close this page and tell your administrator."
        action="Confirm the change"
        mutation={confirm}
      />
    </AuthLayout>
  );
};

export default ConfirmChangeRoute;
