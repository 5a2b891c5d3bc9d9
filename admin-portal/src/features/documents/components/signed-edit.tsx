import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderResponse, ChangeOrderView } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import { useNavigate } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

/**
 * The answer of a signed edit page's submit (edit parent, add or edit a child): the server's message, then the change
 * order's view; a refusal is a toast and the form stays as typed.
 */
export const useEditOutcome = () => {
  const navigate = useNavigate();
  return {
    onSuccess: (response: ChangeOrderResponse) => {
      notify('success', response.message);
      void navigate(paths.app.documents.view.getHref(response.document.parentChangeId));
    },
    onError: (error: Error) => notify('error', errorMessage(error, DOCUMENT_MESSAGES.editFailed)),
  };
};

/** Shown instead of an edit form once the change order is decided. */
export const NotEditable = ({ view }: { view: Pick<ChangeOrderView, 'documentId' | 'status'> }) => (
  <Alert severity="info" role="status" data-testid="not-editable">
    Document {view.documentId} is {view.status === 'APPROVED' ? 'approved' : 'rejected'}: it can no longer be edited.
  </Alert>
);
