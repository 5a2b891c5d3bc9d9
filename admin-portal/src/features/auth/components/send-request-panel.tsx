import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { BackToLogin } from '@/components/ui/back-to-login';
import { errorMessage } from '@/lib/api-client';

import { useNotifyAdmin } from '../api/notify-admin';

import type { SendRequestState } from './send-request-state';

/** Asks an administrator to activate the user or the email (spec §2.1, /sendRequest). */
export const SendRequestPanel = ({ username, reason }: SendRequestState) => {
  const notifyAdmin = useNotifyAdmin();

  return (
    <Stack spacing={2.5}>
      <Typography data-testid="send-request-text">Send request to admin to {reason}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }} data-testid="send-request-username">
        {username}
      </Typography>
      {notifyAdmin.isSuccess ? (
        <Alert severity="success" role="status" data-testid="send-request-message">
          {notifyAdmin.data.message}
        </Alert>
      ) : null}
      {notifyAdmin.isError ? (
        <Alert severity="error" role="alert" data-testid="send-request-message">
          {errorMessage(notifyAdmin.error)}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        size="large"
        fullWidth
        loading={notifyAdmin.isPending}
        disabled={notifyAdmin.isSuccess}
        onClick={() => notifyAdmin.mutate({ data: { email: username } })}
      >
        Send Request
      </Button>
      <BackToLogin />
    </Stack>
  );
};
