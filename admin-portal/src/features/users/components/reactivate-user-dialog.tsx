import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';

import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';

import { useReactivateUser } from '../api/reactivate-user';

import { fullName } from './user-form-values';
import { notifyUserScreen } from './user-messages';

type ReactivateUserDialogProps = { user: UserListItem; onClose: () => void };

/**
 * Confirms the reactivation of a deactivated user, signed with the admin's own username and password like
 * a deactivation. The server's refusal (wrong credentials, a user changed or reactivated meanwhile) shows in the
 * dialog, which stays open. Mount it to open it.
 */
export const ReactivateUserDialog = ({ user, onClose }: ReactivateUserDialogProps) => {
  const reactivate = useReactivateUser({
    mutationConfig: {
      onSuccess: (response) => {
        notifyUserScreen('success', response.message);
        onClose();
      },
    },
  });

  return (
    <SignedConfirmDialog
      name="reactivate-user"
      title="Reactivate User"
      question={
        <>
          Do you want to reactivate {fullName(user)} ({user.email})? Their previous password will no longer work: they set a new one with the link
          emailed to them. Sign with your own username and password.
        </>
      }
      submitLabel="Reactivate"
      message={DOCUMENT_MESSAGES.enterUsernameAndPassword}
      mutation={reactivate}
      variables={(credentials) => ({ data: { id: user.id, ...credentials }, version: user.version })}
      showServerError
      phoneMargins
      onClose={onClose}
    />
  );
};
