import { DOCUMENT_MESSAGES, DOCUMENT_STATUS_LABEL } from '@ifu/contracts';
import type { ChangeOrderView, ChildDocumentView } from '@ifu/contracts';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';

import { useChangeOrder } from '../api/get-change-order';

import { countryListNames, formatEffectiveDate, IFU_NUMBER, languageListNames } from './change-order-format';

const TITLE_ID = 'document-detail-title';

/** A child's status: the change order's, or Superseded once a later version replaced it or it was deactivated. */
export const childStatus = (changeOrder: Pick<ChangeOrderView, 'status'>, child: Pick<ChildDocumentView, 'archived'>) =>
  child.archived ? 'Superseded' : DOCUMENT_STATUS_LABEL[changeOrder.status];

/**
 * The document details of spec §2.7, in its order: document number, reference number (the IFU Number), effective and
 * obsolete dates, languages, countries, sub-family names (Part Number and Bill of Material) and status.
 */
export const documentDetailRows = (changeOrder: ChangeOrderView, child: ChildDocumentView): Array<{ label: string; value: string }> => [
  { label: 'Document Number', value: child.documentNumber },
  { label: IFU_NUMBER, value: child.associatedReferenceNumber },
  { label: 'Effective Date', value: formatEffectiveDate(changeOrder.effectiveDate) },
  { label: 'Obsolete Date', value: child.obsoleteDate ? formatEffectiveDate(child.obsoleteDate) : '' },
  { label: 'Languages', value: languageListNames(child.languageList) },
  { label: 'Countries', value: countryListNames(child.countryList) },
  { label: 'Sub-family Names', value: [child.productSubFamilyNameOne, child.productSubFamilyNameTwo].filter(Boolean).join(' · ') },
  { label: 'Status', value: childStatus(changeOrder, child) },
];

const slug = (label: string) => label.toLowerCase().replace(/\W+/g, '-');

const ChildDetails = ({ changeOrder, child }: { changeOrder: ChangeOrderView; child: ChildDocumentView }) => (
  <Box component="section" aria-label={`Document ${child.documentNumber}`} data-testid="document-detail" sx={{ minWidth: 0 }}>
    <Table size="small" aria-label={`Details of ${child.documentNumber}`} sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere', px: 1 } }}>
      <TableBody>
        {documentDetailRows(changeOrder, child).map(({ label, value }) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: { xs: '42%', sm: 200 }, fontWeight: 600, color: 'text.secondary' }}>
              {label}
            </TableCell>
            <TableCell data-testid={`detail-${slug(label)}`}>{value || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/**
 * The document-detail modal of the documents list (spec §2.7): each document of a change order with its document
 * number, reference (IFU) number, effective and obsolete dates, languages, countries, sub-family names and status,
 * from the change order's view. Mount it to open it.
 */
export const DocumentDetailDialog = ({ parentChangeId, documentId, onClose }: { parentChangeId: string; documentId: string; onClose: () => void }) => {
  const changeOrder = useChangeOrder({ id: parentChangeId });
  const view = changeOrder.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={TITLE_ID} slotProps={phoneDialogSlotProps} data-testid="document-detail-dialog">
      <DialogTitle id={TITLE_ID} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        Document Details {documentId}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <Close />
      </IconButton>
      <DialogContent dividers>
        {view ? (
          <Stack spacing={2.5}>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {view.productFamilyName} · {view.customerName} · {view.children.length} {view.children.length === 1 ? 'document' : 'documents'}
            </Typography>
            {view.children.map((child) => (
              <ChildDetails key={child.childDocumentId} changeOrder={view} child={child} />
            ))}
          </Stack>
        ) : changeOrder.isError ? (
          <RetryAlert onRetry={() => void changeOrder.refetch()}>
            {DOCUMENT_MESSAGES.fetchFailed} {errorMessage(changeOrder.error)}
          </RetryAlert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the documents" />
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
};
