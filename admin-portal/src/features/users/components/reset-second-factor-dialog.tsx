import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';

import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';

import { useResetSecondFactor } from '../api/reset-second-factor';

import { fullName } from './user-form-values';
import { notifyUserScreen } from './user-messages';

type ResetSecondFactorDialogProps = { user: UserListItem; onClose: () => void };

/**
 * Confirms the reset of another user's second factor, signed with the admin's own username and password.
 * The server's refusal shows in the dialog, which stays open. Mount it to open it.
 */
export const ResetSecondFactorDialog = ({ user, onClose }: ResetSecondFactorDialogProps) => {
  const reset = useResetSecondFactor({
    mutationConfig: {
      onSuccess: (response) => {
        notifyUserScreen('success', response.message);
        onClose();
      },
    },
  });

  return (
    <SignedConfirmDialog
      name="reset-second-factor"
      title="Reset Second Factor"
      question={
        <>
          Do you want to reset the second factor of {fullName(user)} ({user.email})? Their authenticator app and recovery codes stop working, they
          are logged out and told by email{user.role === 'ADMIN' ? ', and must set up a new one at their next login' : ''}. Sign with your own username
          and password.
        </>
      }
      submitLabel="Reset"
      message={DOCUMENT_MESSAGES.enterUsernameAndPassword}
      mutation={reset}
      variables={(credentials) => ({ data: { id: user.id, ...credentials }, version: user.version })}
      showServerError
      phoneMargins
      onClose={onClose}
    />
  );
};
