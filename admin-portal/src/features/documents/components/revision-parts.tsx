import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

import { useChangeOrder } from '../api/get-change-order';

import { AddDocumentWizard } from './add-document-wizard';
import { pendingContent } from './child-document-page';

const docs = paths.app.documents;

/** /document/revise/:id: 'Revise and resubmit', the Add wizard prefilled from a rejected change order. */
export const ReviseChangeOrderPage = ({ id }: { id: string }) => {
  const changeOrder = useChangeOrder({ id, queryConfig: { refetchInterval: false } });
  const view = changeOrder.data;
  let content = pendingContent(changeOrder, 'Loading the rejected document', 10);
  if (content || !view) {
    // The fetch error or the skeleton.
  } else if (!view.mayRevise) {
    content = (
      <Alert severity="info" data-testid="revision-unavailable">
        {view.revisedBy
          ? `${view.documentId} has been revised already: ${DOCUMENT_MESSAGES.revisedBy(view.revisedBy.documentId)}.`
          : `Only the author of a rejected change order can revise and resubmit it. ${view.documentId} is ${view.status === 'REJECTED' ? 'not yours' : 'not rejected'}.`}
      </Alert>
    );
  } else {
    // Once loaded, the wizard keeps what the author changes: a refetch of the rejected one does not reset it.
    content = <AddDocumentWizard key={view.parentChangeId} revising={view} />;
  }
  return (
    <Page
      title={view ? `${DOCUMENT_MESSAGES.reviseAndResubmit} ${view.documentId}` : DOCUMENT_MESSAGES.reviseAndResubmit}
      actions={
        <Button component={RouterLink} to={docs.view.getHref(id)} startIcon={<ArrowBack />} variant="outlined">
          Back
        </Button>
      }
    >
      {content}
    </Page>
  );
};
