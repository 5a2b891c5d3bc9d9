import Alert from '@mui/material/Alert';
import type { AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

type RetryAlertProps = { onRetry: () => void; sx?: AlertProps['sx']; children: ReactNode };

/** A read that failed (spec §8: the server's message), in the place of what it would show, with Retry. */
export const RetryAlert = ({ onRetry, sx, children }: RetryAlertProps) => (
  <Alert
    severity="error"
    role="alert"
    sx={sx}
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        Retry
      </Button>
    }
  >
    {children}
  </Alert>
);
