import Typography from '@mui/material/Typography';

import { paths } from '@/config/paths';

import { Link } from './link';

/** The 'Login' link under the public screens' forms. */
export const BackToLogin = () => (
  <Typography variant="body2" sx={{ textAlign: 'center' }}>
    <Link to={paths.auth.login.getHref()} underline="hover">
      Login
    </Link>
  </Typography>
);
