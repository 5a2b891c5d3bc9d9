import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderResponse, ChangeOrderView, ChildDocumentView } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';

import { useChangeOrder } from '../api/get-change-order';

import { UnopenedFilesAlert } from './approval-panel';
import { countryListNames, IFU_NUMBER, languageListNames } from './change-order-format';
import { FileLink } from './file-link';
import { DecisionForm } from './decision-form';
import type { Decision } from './document-approval-values';
import { DecisionButtons } from './decision-buttons';

const TITLE_ID = 'list-approval-title';

/** The details of one document (spec §2.7 approval modal), in the spec's order. */
export const documentDetails = (changeOrder: ChangeOrderView, child: ChildDocumentView): Array<{ label: string; value: string }> => [
  { label: 'Document Number', value: child.documentNumber },
  { label: IFU_NUMBER, value: child.associatedReferenceNumber },
  { label: 'Part Number', value: child.productSubFamilyNameOne },
  { label: 'Description of IFU', value: changeOrder.productFamilyDescription || changeOrder.changeDescription },
  { label: 'Language', value: languageListNames(child.languageList) },
  { label: 'Change Type', value: changeOrder.changeType },
  { label: 'Bill Material', value: child.billMaterialInformation },
  { label: 'Description of Change', value: child.changeDescription },
  { label: 'Justification of Change', value: child.changeJustification },
  { label: 'Internal', value: changeOrder.isInternal ? 'Yes' : 'No' },
  { label: 'Approval Routine Number', value: changeOrder.approvalRoutingNumber },
  { label: 'Country', value: countryListNames(child.countryList) },
];

const DetailsTable = ({ changeOrder, child }: { changeOrder: ChangeOrderView; child: ChildDocumentView }) => (
  <Box component="section" aria-label={`Document ${child.documentNumber}`} data-testid="approval-document" sx={{ minWidth: 0 }}>
    <Table size="small" aria-label={`Details of ${child.documentNumber}`} sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere', px: 1 } }}>
      <TableBody>
        {documentDetails(changeOrder, child).map(({ label, value }) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: { xs: '42%', sm: 220 }, fontWeight: 600, color: 'text.secondary' }}>
              {label}
            </TableCell>
            <TableCell data-testid={`approval-${label.toLowerCase().replace(/\W+/g, '-')}`} sx={{ whiteSpace: 'pre-line' }}>
              {value || '—'}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            File
          </TableCell>
          <TableCell>
            <FileLink id={child.childDocumentId} name={child.docName} opened={child.opened} testId="child-file" />
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  </Box>
);

type ListApprovalDialogProps = {
  parentChangeId: string;
  /** The logged-in approver, who signs. */
  approverId: string;
  onDecided: (response: ChangeOrderResponse) => void;
  onClose: () => void;
};

/**
 * The approval modal of the documents list (spec §2.7): per document a details table and its file, the supporting
 * files, each openable with a check mark once opened; Approve and Reject (enabled once every file was opened) open
 * the credential form. Mount it to open it.
 */
export const ListApprovalDialog = ({ parentChangeId, approverId, onDecided, onClose }: ListApprovalDialogProps) => {
  const changeOrder = useChangeOrder({ id: parentChangeId });
  const [decision, setDecision] = useState<Decision>();
  const [busy, setBusy] = useState(false);
  const view = changeOrder.data;

  let body: ReactNode;
  if (!view) {
    body = (
      <DialogContent dividers>
        {changeOrder.isError ? (
          <RetryAlert onRetry={() => void changeOrder.refetch()}>
            {DOCUMENT_MESSAGES.fetchFailed} {errorMessage(changeOrder.error)}
          </RetryAlert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the document" />
          </Box>
        )}
      </DialogContent>
    );
  } else if (decision) {
    body = (
      <DecisionForm
        key={decision}
        decision={decision}
        variant="list"
        changeOrder={view}
        approverId={approverId}
        heading={`${decision === 'approve' ? 'Approve' : 'Reject'} change order ${view.documentId}`}
        cancel={{ label: 'Back', icon: <ArrowBack />, onClick: () => setDecision(undefined) }}
        onBusy={setBusy}
        onDecided={onDecided}
      />
    );
  } else {
    const waiting = view.unopened.length > 0;
    body = (
      <>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {view.productFamilyName} · {view.customerName}
            </Typography>
            {view.children.map((child) => (
              <DetailsTable key={child.childDocumentId} changeOrder={view} child={child} />
            ))}
            <Box component="section" aria-labelledby="list-approval-files">
              <Typography id="list-approval-files" variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                Supporting Files
              </Typography>
              {view.parentDocumentList.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  No supporting files
                </Typography>
              ) : (
                <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {view.parentDocumentList.map((file) => (
                    <li key={file.fileId}>
                      <FileLink id={file.fileId} name={file.docName} opened={file.opened} testId="supporting-file" />
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
            {!view.mayDecide ? (
              <Alert severity="info">This change order does not await your decision.</Alert>
            ) : waiting ? (
              <UnopenedFilesAlert unopened={view.unopened} />
            ) : null}
          </Stack>
        </DialogContent>
        {view.mayDecide ? (
          <DialogActions sx={{ px: 3, py: 2, gap: 1.5 }}>
            <DecisionButtons disabled={waiting} onDecide={setDecision} />
          </DialogActions>
        ) : null}
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={TITLE_ID}
      slotProps={phoneDialogSlotProps}
      data-testid="list-approval-dialog"
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        Document Approval{' '}
        {view ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {view.documentId}
          </Box>
        ) : null}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <Close />
      </IconButton>
      {body}
    </Dialog>
  );
};
