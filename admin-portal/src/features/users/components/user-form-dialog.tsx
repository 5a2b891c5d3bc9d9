import { zodResolver } from '@hookform/resolvers/zod';
import { TRAINING_MESSAGES, USER_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';

import { RhfCheckbox } from '@/components/ui/form/rhf-checkbox';
import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { failureMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useAddUser } from '../api/add-user';
import { useModifyUser } from '../api/modify-user';

import { notifyUserScreen } from './user-messages';
import { EditUserFormValues, pendingText, toAddUserRequest, toModifyUserRequest, trainingRecordText, UserFormValues, userFormDefaults } from './user-form-values';
import type { UserFormInput } from './user-form-values';

type UserFormDialogProps = {
  /** The user being edited; absent to add one. */
  user?: UserListItem;
  onClose: () => void;
};

const TITLE_ID = 'user-form-title';

/**
 * Add/Edit user modal (spec §2.3, §5): First Name, Last Name, E-Mail, Admin, 'Is Training Completed?'. An inactive user
 * is reactivated from the list's signed Reactivate action, not here. Editing, the dialog states the user's
 * training record (who recorded it, when) and the box may be cleared; an ADMIN cannot change their own.
 * Mount it to open it.
 */
export const UserFormDialog = ({ user, onClose }: UserFormDialogProps) => {
  const editing = user !== undefined;
  const session = useSession();
  const ownAccount = editing && session?.id === user.id;
  const { control, handleSubmit } = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(editing ? EditUserFormValues : UserFormValues),
    defaultValues: userFormDefaults(user),
  });

  const done = (message: string) => {
    notifyUserScreen('success', message);
    onClose();
  };
  const addUser = useAddUser({
    mutationConfig: {
      onSuccess: (response) => done(response.message),
      onError: (error) => notifyUserScreen('error', failureMessage(USER_MESSAGES.addFailed, error)),
    },
  });
  const modifyUser = useModifyUser({
    mutationConfig: {
      onSuccess: (response) => done(response.message),
      onError: (error) => notifyUserScreen('error', failureMessage(USER_MESSAGES.updateFailed, error)),
    },
  });
  const busy = addUser.isPending || modifyUser.isPending;

  const onSubmit = handleSubmit((values) => {
    if (user) modifyUser.mutate({ data: toModifyUserRequest(user, values) });
    else addUser.mutate({ data: toAddUserRequest(values) });
  });

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={TITLE_ID}
      slotProps={phoneDialogSlotProps}
      data-testid="user-form-dialog"
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7 }}>
        {editing ? 'Edit User' : 'Add User'}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <Close />
      </IconButton>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogContent dividers>
          <Stack spacing={2}>
            {user?.pendingIdentityChange ? (
              <Alert severity="info" data-testid="pending-identity-change">
                Waiting for the user to accept: {pendingText(user.pendingIdentityChange)}. The current values stay until then.
              </Alert>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <RhfTextField control={control} name="firstName" label="First Name" autoComplete="off" autoFocus />
              <RhfTextField control={control} name="lastName" label="Last Name" autoComplete="off" />
            </Stack>
            <RhfTextField
              control={control}
              name="email"
              label="E-Mail"
              type="email"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
            />
            <Stack>
              <RhfCheckbox control={control} name="admin" label="Admin" />
              <RhfCheckbox
                control={control}
                name="isTrainingCompleted"
                label="Is Training Completed?"
                disabled={ownAccount}
                helperText={user ? `${trainingRecordText(user)}${ownAccount ? `. ${TRAINING_MESSAGES.ownRecordHint}` : ''}` : undefined}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button type="submit" variant="contained" disabled={busy} sx={{ minWidth: 140 }} data-testid="user-form-submit">
            {busy ? 'SUBMITTING...' : editing ? 'UPDATE' : 'SUBMIT'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
