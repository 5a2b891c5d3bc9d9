import { NOTIFICATION_MESSAGES } from '@ifu/contracts';
import type { Notification } from '@ifu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

import { notify } from '@/components/ui/notifications';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { failureMessage } from '@/lib/api-client';

import { useDeleteNotification } from '../api/delete-notification';

type DeleteNotificationDialogProps = { notification: Notification; onClose: () => void };

/**
 * The delete confirmation (spec §2.5): 'Are you sure, you want to remove notification Id {id}', the notice's text for
 * reference, Cancel and Delete. Success or failure is a toast (spec §8) and the dialog closes; the list refreshes
 * either way. It cannot be closed while the call runs. Mount it to open it.
 */
export const DeleteNotificationDialog = ({ notification, onClose }: DeleteNotificationDialogProps) => {
  const remove = useDeleteNotification({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message || NOTIFICATION_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => {
        notify('error', failureMessage(NOTIFICATION_MESSAGES.deleteFailed, error));
        onClose();
      },
    },
  });
  const busy = remove.isPending;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-notification-title"
      aria-describedby="delete-notification-text"
      slotProps={phoneDialogSlotProps}
      data-testid="delete-notification-dialog"
    >
      <DialogTitle id="delete-notification-title">Delete Notification</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-notification-text" data-testid="delete-notification-question">
          {NOTIFICATION_MESSAGES.confirmDelete(notification.id)}
        </DialogContentText>
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ mt: 1.5, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {notification.notificationText}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={busy}
          onClick={() => remove.mutate({ data: { id: notification.id }, version: notification.version })}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
};
