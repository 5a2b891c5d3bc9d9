import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { BackToLogin } from '@/components/ui/back-to-login';
import { confirmChange } from '../api/confirm-change';
import { errorMessage } from '@/lib/api-client';

import { unlockAccount } from '../api/unlock-account';

/** What each emailed link's page says and calls. */
const LINKS = {
  unlock: {
    title: 'Unlock Account',
    explanation:
      'Your account was locked after many wrong passwords. If you did not type them, consider setting a new password after unlocking.',
    action: 'Unlock my account',
    call: unlockAccount,
  },
  'confirm-change': {
    title: 'Confirm Account Change',
    explanation:
      'The change described in the email takes effect only once you confirm it here. If you did not expect it, close this page and tell your administrator.',
    action: 'Confirm the change',
    call: confirmChange,
  },
} as const;

/**
 * A page an emailed link opens (unlock the account, accept or confirm a change), with the link's token in the path.
 * Nothing happens until the person presses the button: mail scanners open links on their own, and a single-use
 * token must not be spent by them.
 */
export const EmailedLinkPage = ({ link }: { link: keyof typeof LINKS }) => {
  const { token = '' } = useParams();
  const { title, explanation, action, call } = LINKS[link];
  const mutation = useMutation({ mutationFn: call });
  return (
    <AuthLayout title={title}>
      <Stack spacing={2.5}>
        {mutation.isSuccess ? (
          <Alert severity="success" role="status" data-testid="link-action-result">
            {mutation.data.message}
          </Alert>
        ) : (
          <>
            <Typography variant="body2">{explanation}</Typography>
            {mutation.isError && (
              <Alert severity="error" role="alert" data-testid="link-action-result">
                {errorMessage(mutation.error)}
              </Alert>
            )}
            <Button variant="contained" size="large" disabled={mutation.isPending} onClick={() => mutation.mutate({ data: { token } })}>
              {action}
            </Button>
          </>
        )}
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
};
