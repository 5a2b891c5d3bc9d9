import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderResponse } from '@ifu/contracts';
import { useMemo } from 'react';
import type { ReactNode } from 'react';

import { SignedConfirmForm } from '@/components/ui/signed-confirm-dialog';

import { useApproveDocuments } from '../api/approve-documents';

import { documentApprovalRules, toApproveDocumentsRequest } from './document-approval-values';
import type { ApprovalVariant, Decision } from './document-approval-values';

type DecisionFormProps = {
  decision: Decision;
  variant: ApprovalVariant;
  /** The change order decided, at the version the approver reviewed. */
  changeOrder: { parentChangeId: string; documentId: string; version: number };
  /** The logged-in approver, who signs. */
  approverId: string;
  /** What the form says first (the decision in words). */
  heading: string;
  /** The left-hand button: Cancel (view) or Back (list). */
  cancel: { label: string; icon?: ReactNode; onClick: () => void };
  onBusy: (busy: boolean) => void;
  onDecided: (response: ChangeOrderResponse) => void;
};

/**
 * The electronic signature of a document decision, on the one {@link SignedConfirmForm}: Username, Password, Confirm
 * Password ('Password Mismatch' next to it as soon as it differs, on the view and on the list) and a Reason (required
 * to reject, at most the contract's REASON_MAX). On the list the submit button appears only once every field is
 * filled and nothing is wrong, and a line says so meanwhile. A refusal shows the server's message above the fields
 * ('Document approval failed.' when it has none); the dialog stays open.
 */
export const DecisionForm = ({ decision, variant, changeOrder, approverId, heading, cancel, onBusy, onDecided }: DecisionFormProps) => {
  const approve = useApproveDocuments({ mutationConfig: { onSuccess: onDecided } });
  const rules = useMemo(() => documentApprovalRules(decision, variant), [decision, variant]);
  return (
    <SignedConfirmForm
      name="decision"
      heading={heading}
      question="Sign with your own username and password."
      {...rules}
      submitLabel="Submit"
      submittingLabel={DOCUMENT_MESSAGES.submitting}
      submitColor={decision === 'reject' ? 'error' : 'success'}
      mutation={approve}
      variables={(values) => ({
        data: toApproveDocumentsRequest(decision, variant, changeOrder.parentChangeId, approverId, values),
        version: changeOrder.version,
      })}
      showServerError
      serverErrorFallback={DOCUMENT_MESSAGES.approvalFailed}
      serverFields={{ changeJustification: 'reason' }}
      cancel={cancel}
      onBusy={onBusy}
      autoFocus
    />
  );
};
