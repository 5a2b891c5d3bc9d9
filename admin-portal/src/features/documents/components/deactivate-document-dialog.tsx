import { DOCUMENT_MESSAGES, REASSIGN_MESSAGES } from '@ifu/contracts';
import type { ReactNode } from 'react';

import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';

import { useDeactivateDocument, type DeactivateDocumentResult, type DeactivationTarget } from '../api/deactivate-document';

type DeactivateDocumentDialogProps = {
  target: DeactivationTarget;
  /** What is deactivated, in words: 'child document CO-2026-00042-01', 'change order CO-2026-00042'. */
  subject: ReactNode;
  /** The change order's version the user sees (sent as If-Match). */
  version: number;
  onDeactivated: (result: DeactivateDocumentResult) => void;
  onClose: () => void;
  /** The signer is the change order's approver: deactivating a child makes them its last editor (said first). */
  byApprover?: boolean;
};

/**
 * The Deactivate modal (spec §2.12): deactivating a child document or a whole change order is signed with the user's
 * own username and password ('Enter Username and Password' when either is missing, spec §5); a child's, with an
 * optional reason. A refusal (wrong or
 * someone else's credentials, a change order changed meanwhile) is shown here, and the dialog stays open. Mount it
 * to open it.
 */
export const DeactivateDocumentDialog = ({ target, subject, version, onDeactivated, onClose, byApprover = false }: DeactivateDocumentDialogProps) => {
  const deactivate = useDeactivateDocument({ mutationConfig: { onSuccess: onDeactivated } });

  return (
    <SignedConfirmDialog
      name="deactivate-document"
      title={target.kind === 'child' ? 'Deactivate Child Document' : 'Deactivate Change Order'}
      question={
        <>
          Do you want to deactivate {subject}? Sign with your own username and password.
          {byApprover && target.kind === 'child' ? <strong style={{ display: 'block', marginTop: 8 }}>{REASSIGN_MESSAGES.editWarning}</strong> : null}
        </>
      }
      submitLabel="Deactivate"
      message={DOCUMENT_MESSAGES.enterUsernameAndPassword}
      // A child's deactivation says why (optional, as the spec's payload has none); the change order's call takes none.
      {...(target.kind === 'child' ? { reason: { required: false, helperText: 'Why it is deactivated (optional), kept in the audit trail.' } } : {})}
      mutation={deactivate}
      variables={({ username, password, reason }) => ({ target, credentials: { username, password }, version, reason })}
      showServerError
      phoneMargins
      onClose={onClose}
    />
  );
};
