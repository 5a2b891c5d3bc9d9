import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import { USER_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';

import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';
import { failureMessage } from '@/lib/api-client';

import { useDeactivateUser } from '../api/deactivate-user';

import { fullName } from './user-form-values';
import { notifyUserScreen } from './user-messages';

type DeactivateUserDialogProps = { user: UserListItem; onClose: () => void };

/**
 * Confirms the deactivation of one user (spec §2.3; 'delete' in the interface is a deactivation), signed with the
 * admin's own username and password (spec §5: 'Enter Username and Password'), with an optional reason (recorded in
 * the event and the audit trail; the spec's payload has none). Mount it to open it.
 */
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
    <SignedConfirmDialog
      name="deactivate-user"
      title="Deactivate User"
      question={<>Do you want to deactivate {fullName(user)}? Sign with your own username and password.</>}
      submitLabel="Deactivate"
      message={DOCUMENT_MESSAGES.enterUsernameAndPassword}
      reason={{ required: false, helperText: 'Why the user is deactivated (optional), kept in the audit trail.' }}
      mutation={deactivate}
      variables={({ username, password, reason }) => ({ data: { id: user.id, username, password, ...(reason ? { reason } : {}) }, version: user.version })}
      onClose={onClose}
    />
  );
};
