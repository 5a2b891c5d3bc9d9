import { DOCUMENT_MESSAGES, REASSIGN_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView, DocumentFileView } from '@ifu/contracts';

import { notify } from '@/components/ui/notifications';
import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useDeleteParentFile } from '../api/edit-change-order';

type DeleteParentFileDialogProps = { view: ChangeOrderView; file: DocumentFileView; onClose: () => void };

/**
 * Deletes one supporting file of a change order (spec §2.11): 'Are you Sure to Delete Document', signed with the
 * user's own username and password ('Enter Username and Password' when either is missing). Mount it to open it.
 */
export const DeleteParentFileDialog = ({ view, file, onClose }: DeleteParentFileDialogProps) => {
  // The approver who deletes a file becomes the change order's last editor: said in the question.
  const byApprover = useSession()?.id === view.approverId;
  const remove = useDeleteParentFile({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onClose();
      },
      onError: (error) => notify('error', errorMessage(error, DOCUMENT_MESSAGES.editFailed)),
    },
  });

  return (
    <SignedConfirmDialog
      name="delete-file"
      title="Delete Document"
      question={
        <>
          {`${DOCUMENT_MESSAGES.confirmDeleteFile} ${file.docName}?`}
          {byApprover ? <strong style={{ display: 'block', marginTop: 8 }}>{REASSIGN_MESSAGES.editWarning}</strong> : null}
        </>
      }
      submitLabel="Delete"
      message={DOCUMENT_MESSAGES.enterUsernameAndPassword}
      mutation={remove}
      variables={(credentials) => ({
        data: { documentParentChangeId: view.parentChangeId, fileId: file.fileId, ...credentials },
        version: view.version,
      })}
      onClose={onClose}
    />
  );
};
