import Paper from '@mui/material/Paper';

import { Page } from '@/components/ui/page';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useSession } from '@/lib/app-state';

const ChangePasswordRoute = () => {
  const session = useSession();
  return (
    <Page title="Change Password">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520 }}>
        <ChangePasswordForm key={session?.email} sessionEmail={session?.email ?? ''} />
      </Paper>
    </Page>
  );
};

export default ChangePasswordRoute;

