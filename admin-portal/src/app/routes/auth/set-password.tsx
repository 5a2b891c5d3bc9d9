import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** /user/setpassword/:token? — the form arrives in a later issue. */
const SetPasswordRoute = () => {
  const { token } = useParams();
  return (
    <AuthLayout title="Reset Password">
      <Stack spacing={2.5}>
        <Typography color="textSecondary" data-testid="set-password-text">
          {token ? 'Setting a new password is not available yet.' : 'Your password has expired.'}
        </Typography>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link to={paths.auth.login.getHref()} underline="hover">
            Login
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
};

export default SetPasswordRoute;
