import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

type EmailedLinkActionProps = {
  token: string;
  explanation: string;
  action: string;
  mutation: UseMutationResult<{ message: string }, Error, { data: { token: string } }>;
};

/**
 * A page an emailed link opens (unlock the account, accept or confirm a change). Nothing happens until the person
 * presses the button: mail scanners open links on their own, and a single-use token must not be spent by them.
 */
export const EmailedLinkAction = ({ token, explanation, action, mutation }: EmailedLinkActionProps) => (
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
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link to={paths.auth.login.getHref()} underline="hover">
        Login
      </Link>
    </Typography>
  </Stack>
);
