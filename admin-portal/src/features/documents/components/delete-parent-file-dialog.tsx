import { zodResolver } from '@hookform/resolvers/zod';
import { DeactivationCredentials, DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView, DocumentFileView } from '@ifu/contracts';
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
import { notify } from '@/components/ui/notifications';
import { errorMessage } from '@/lib/api-client';

import { useDeleteParentFile } from '../api/edit-change-order';

type Credentials = z.input<typeof DeactivationCredentials>;

type DeleteParentFileDialogProps = { view: ChangeOrderView; file: DocumentFileView; onClose: () => void };

/**
 * Deletes one supporting file of a change order (spec §2.11): 'Are you Sure to Delete Document', signed with the
 * user's own username and password ('Enter Username and Password' when either is missing). Mount it to open it.
 */
export const DeleteParentFileDialog = ({ view, file, onClose }: DeleteParentFileDialogProps) => {
  const { control, handleSubmit } = useForm<Credentials>({
    resolver: zodResolver(DeactivationCredentials),
    defaultValues: { username: '', password: '' },
  });
  const remove = useDeleteParentFile({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onClose();
      },
      onError: (error) => notify('error', errorMessage(error, DOCUMENT_MESSAGES.editFailed)),
    },
  });
  const submit = handleSubmit((credentials) =>
    remove.mutate({
      data: { documentParentChangeId: view.parentChangeId, fileId: file.fileId, ...credentials },
      version: view.version,
    }),
  );

  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-file-title"
      aria-describedby="delete-file-text"
      data-testid="delete-file-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="delete-file-title">Delete Document</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-file-text" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            {DOCUMENT_MESSAGES.confirmDeleteFile} {file.docName}?
          </DialogContentText>
          <Stack spacing={2}>
            <RhfTextField control={control} name="username" label="Username" autoComplete="username" size="small" />
            <RhfTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" size="small" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={remove.isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
