import { PASSWORD_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { BackToLogin } from '@/components/ui/back-to-login';
import { SetPasswordForm } from '@/features/auth/components/set-password-form';

const PASSWORD_EXPIRED_TEXT = 'Your password has expired.';

/**
 * /user/setpassword/:token — Reset Password with the emailed link's token.
 * /user/setpassword/ — the password has expired; a new password is set only through the link the server has emailed.
 */
const SetPasswordRoute = () => {
  const { token } = useParams();
  return (
    <AuthLayout title="Reset Password">
      <Stack spacing={2.5}>
        {token ? (
          <SetPasswordForm key={token} token={token} />
        ) : (
          <Alert severity="warning" data-testid="set-password-text">
            <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
              {PASSWORD_EXPIRED_TEXT}
            </Typography>
            <Typography component="p" variant="body2">
              {PASSWORD_MESSAGES.setPasswordLinkSent}
            </Typography>
          </Alert>
        )}
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
};

export default SetPasswordRoute;
