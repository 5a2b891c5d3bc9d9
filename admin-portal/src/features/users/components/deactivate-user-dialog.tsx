import { zodResolver } from '@hookform/resolvers/zod';
import { DeactivationCredentials, USER_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { failureMessage } from '@/lib/api-client';

import { useDeactivateUser } from '../api/deactivate-user';

import { fullName } from './user-form-values';
import { notifyUserScreen } from './user-messages';

type DeactivateUserDialogProps = { user: UserListItem; onClose: () => void };
type Credentials = z.input<typeof DeactivationCredentials>;

/**
 * Confirms the deactivation of one user (spec §2.3; 'delete' in the interface is a deactivation), signed with the
 * admin's own username and password (spec §5: 'Enter Username and Password'). Mount it to open it.
 */
export const DeactivateUserDialog = ({ user, onClose }: DeactivateUserDialogProps) => {
  const { control, handleSubmit } = useForm<Credentials>({
    resolver: zodResolver(DeactivationCredentials),
    defaultValues: { username: '', password: '' },
  });
  const deactivate = useDeactivateUser({
    mutationConfig: {
      onSuccess: (response) => {
        notifyUserScreen('success', response.message);
        onClose();
      },
      onError: (error) => notifyUserScreen('error', failureMessage(USER_MESSAGES.deleteFailed, error)),
    },
  });
  const submit = handleSubmit((credentials) => deactivate.mutate({ data: { id: user.id, ...credentials }, version: user.version }));

  return (
    <Dialog
      open
      onClose={deactivate.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="deactivate-user-title"
      aria-describedby="deactivate-user-text"
      data-testid="deactivate-user-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="deactivate-user-title">Deactivate User</DialogTitle>
        <DialogContent>
          <DialogContentText id="deactivate-user-text" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            Do you want to deactivate {fullName(user)}? Sign with your own username and password.
          </DialogContentText>
          <Stack spacing={2}>
            <RhfTextField control={control} name="username" label="Username" autoComplete="username" fullWidth size="small" />
            <RhfTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" fullWidth size="small" />
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
