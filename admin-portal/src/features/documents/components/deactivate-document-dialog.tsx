import { zodResolver } from '@hookform/resolvers/zod';
import { DeactivationCredentials } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { errorMessage } from '@/lib/api-client';

import { useDeactivateDocument, type DeactivateDocumentResult, type DeactivationTarget } from '../api/deactivate-document';

type Credentials = z.input<typeof DeactivationCredentials>;

type DeactivateDocumentDialogProps = {
  target: DeactivationTarget;
  /** What is deactivated, in words: 'child document CO-2026-00042-01', 'change order CO-2026-00042'. */
  subject: ReactNode;
  /** The change order's version the user sees (sent as If-Match). */
  version: number;
  onDeactivated: (result: DeactivateDocumentResult) => void;
  onClose: () => void;
};

/**
 * The Deactivate modal (spec §2.12): deactivating a child document or a whole change order is signed with the user's
 * own username and password ('Enter Username and Password' when either is missing, spec §5). A refusal (wrong or
 * someone else's credentials, a change order changed meanwhile) is shown here, and the dialog stays open. Mount it
 * to open it.
 */
export const DeactivateDocumentDialog = ({ target, subject, version, onDeactivated, onClose }: DeactivateDocumentDialogProps) => {
  const { control, handleSubmit } = useForm<Credentials>({
    resolver: zodResolver(DeactivationCredentials),
    defaultValues: { username: '', password: '' },
  });
  const deactivate = useDeactivateDocument({ mutationConfig: { onSuccess: onDeactivated } });
  const submit = handleSubmit((credentials) => deactivate.mutate({ target, credentials, version }));
  const title = target.kind === 'child' ? 'Deactivate Child Document' : 'Deactivate Change Order';

  return (
    <Dialog
      open
      onClose={deactivate.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="deactivate-document-title"
      aria-describedby="deactivate-document-text"
      slotProps={{ paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } } } }}
      data-testid="deactivate-document-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="deactivate-document-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="deactivate-document-text" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            Do you want to deactivate {subject}? Sign with your own username and password.
          </DialogContentText>
          {deactivate.isError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="deactivate-document-error">
              {errorMessage(deactivate.error)}
            </Alert>
          ) : null}
          <Stack spacing={2}>
            <RhfTextField control={control} name="username" label="Username" autoComplete="username" fullWidth size="small" />
            <RhfTextField
              control={control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              fullWidth
              size="small"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={deactivate.isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={deactivate.isPending}>
            Deactivate
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
