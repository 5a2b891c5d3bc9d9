import type { ChangeOrderResponse, ChangeOrderView } from '@ifu/contracts';
import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';

import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';

import { DecisionForm } from './decision-form';
import type { Decision } from './document-approval-values';

const TITLE_ID = 'document-approve-title';

type DocumentApproveDialogProps = {
  decision: Decision;
  changeOrder: Pick<ChangeOrderView, 'parentChangeId' | 'documentId' | 'version'>;
  approverId: string;
  onDecided: (response: ChangeOrderResponse) => void;
  onClose: () => void;
};

/**
 * The Document Approve modal of the view (spec §2.12, §5 'Document approval on view'): the approver signs the
 * decision chosen on the page. It cannot be closed while the call runs. Mount it to open it.
 */
export const DocumentApproveDialog = ({ decision, changeOrder, approverId, onDecided, onClose }: DocumentApproveDialogProps) => {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={TITLE_ID}
      slotProps={phoneDialogSlotProps}
      data-testid="document-approve-dialog"
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7 }}>
        Document Approve
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <Close />
      </IconButton>
      <DecisionForm
        decision={decision}
        variant="view"
        changeOrder={changeOrder}
        approverId={approverId}
        heading={`${decision === 'approve' ? 'Approve' : 'Reject'} change order ${changeOrder.documentId}`}
        cancel={{ label: 'Cancel', onClick: onClose }}
        onBusy={setBusy}
        onDecided={onDecided}
      />
    </Dialog>
  );
};
