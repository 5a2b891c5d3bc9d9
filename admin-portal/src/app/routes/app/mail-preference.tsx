import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { MailPreferenceForm } from '@/features/auth/components/mail-preference-form';
import { errorMessage } from '@/lib/api-client';

const MailPreferenceRoute = () => {
  const user = useCurrentUser();
  return (
    <Page title="Mail preference">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 620 }}>
        {user.isError ? (
          <RetryAlert onRetry={() => void user.refetch()}>{errorMessage(user.error)}</RetryAlert>
        ) : user.data ? (
          <MailPreferenceForm key={user.data.taskMail ?? 'each'} current={user.data.taskMail ?? 'each'} />
        ) : (
          <Skeleton variant="rounded" height={160} aria-label="Loading" />
        )}
      </Paper>
    </Page>
  );
};

export default MailPreferenceRoute;
