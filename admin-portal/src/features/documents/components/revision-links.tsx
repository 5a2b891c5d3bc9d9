import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderRefView, ChangeOrderView } from '@ifu/contracts';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

import type { Fact } from '@/components/ui/facts';
import { paths } from '@/config/paths';

const docs = paths.app.documents;

/**
 * Revise and resubmit on the view: the link between a rejected change order and its revision, one line
 * each way ('Revision of CO-…', 'Revised by CO-…'), as facts of the change order.
 */
export const revisionFacts = ({ revises, revisedBy }: Pick<ChangeOrderView, 'revises' | 'revisedBy'>): Fact[] => {
  const fact = (label: string, other: ChangeOrderRefView, text: string, testId: string): Fact => ({
    label,
    value: (
      <Link component={RouterLink} to={docs.view.getHref(other.parentChangeId)} data-testid={`${testId}-link`}>
        {text}
      </Link>
    ),
    testId: `view-${testId}`,
  });
  return [
    ...(revises ? [fact('Revision of', revises, DOCUMENT_MESSAGES.revisionOf(revises.documentId), 'revision-of')] : []),
    ...(revisedBy ? [fact('Revised by', revisedBy, DOCUMENT_MESSAGES.revisedBy(revisedBy.documentId), 'revised-by')] : []),
  ];
};

/**
 * 'Revise and resubmit': shown to the author of a rejected change order not revised yet, or of an approved one
 * whose periodic review concluded 'revise' (the server's `mayRevise`).
 */
export const ReviseButton = ({ changeOrder }: { changeOrder: Pick<ChangeOrderView, 'mayRevise' | 'parentChangeId'> }) =>
  changeOrder.mayRevise ? (
    <Button component={RouterLink} to={docs.revise.getHref(changeOrder.parentChangeId)} variant="contained" startIcon={<EditNoteOutlined />} data-testid="revise-button">
      {DOCUMENT_MESSAGES.reviseAndResubmit}
    </Button>
  ) : null;

/**
 * What the wizard shows while revising: which change order, that it was rejected, and why; or
 * that its periodic review concluded it must be revised, and that it stays public until the revision is approved.
 */
export const RevisionBanner = ({ view }: { view: ChangeOrderView }) =>
  view.status === 'APPROVED' ? (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="revision-banner">
      <AlertTitle>
        Revising{' '}
        <Link component={RouterLink} to={docs.view.getHref(view.parentChangeId)}>
          {view.documentId}
        </Link>
        , approved: its periodic review concluded it must be revised
      </AlertTitle>
      <Box>
        Its fields, files and child documents are filled in below: its files are kept without uploading them again. {view.documentId} stays
        approved and public until this revision is approved.
      </Box>
    </Alert>
  ) : (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="revision-banner">
      <AlertTitle>
        Revising{' '}
        <Link component={RouterLink} to={docs.view.getHref(view.parentChangeId)}>
          {view.documentId}
        </Link>
        , rejected
      </AlertTitle>
      <Box component="span" sx={{ fontWeight: 600 }}>
        Reason of Rejection:
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="revision-reason">
        {view.reason ?? ''}
      </Box>
      <Box sx={{ mt: 1 }}>
        Its fields, files and child documents are filled in below: its files are kept without uploading them again. Change what
        the rejection asks for, then submit the revision for approval.
      </Box>
    </Alert>
  );
