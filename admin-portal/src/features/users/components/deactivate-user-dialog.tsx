import { USER_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

import { failureMessage } from '@/lib/api-client';

import { useDeactivateUser } from '../api/deactivate-user';

import { fullName } from './user-form-values';
import { notifyUserScreen } from './user-messages';

type DeactivateUserDialogProps = { user: UserListItem; onClose: () => void };

/** Confirms the deactivation of one user (spec §2.3; 'delete' in the interface is a deactivation). Mount it to open it. */
export const DeactivateUserDialog = ({ user, onClose }: DeactivateUserDialogProps) => {
  const deactivate = useDeactivateUser({
    mutationConfig: {
      onSuccess: (response) => {
        notifyUserScreen('success', response.message);
        onClose();
      },
      onError: (error) => notifyUserScreen('error', failureMessage(USER_MESSAGES.deleteFailed, error)),
    },
  });

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
      <DialogTitle id="deactivate-user-title">Deactivate User</DialogTitle>
      <DialogContent>
        <DialogContentText id="deactivate-user-text" sx={{ overflowWrap: 'anywhere' }}>
          Do you want to deactivate {fullName(user)}?
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={deactivate.isPending} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={deactivate.isPending}
          onClick={() => deactivate.mutate({ data: { id: user.id } })}
        >
          Deactivate
        </Button>
      </DialogActions>
    </Dialog>
  );
};
