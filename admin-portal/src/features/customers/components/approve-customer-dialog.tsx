import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Close from '@mui/icons-material/Close';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';

import { notify } from '@/components/ui/notifications';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { SignedConfirmForm } from '@/components/ui/signed-confirm-dialog';
import { failureMessage } from '@/lib/api-client';

import { useApproveCustomer } from '../api/approve-customer';

import { approvalRules, toApprovalRequest } from './approval-form-values';
import type { Decision } from './approval-form-values';
import { PendingChangeTable, pendingSummary } from './pending-change';

const TITLE_ID = 'approve-customer-title';

type ApproveCustomerDialogProps = {
  customer: CustomerView;
  /** The logged-in approver, who signs. */
  approverId: string;
  onClose: () => void;
};

type SignatureFormProps = {
  decision: Decision;
  customer: CustomerView;
  approverId: string;
  onBusy: (busy: boolean) => void;
  onBack: () => void;
  onDone: () => void;
};

/**
 * The electronic signature of a decision, on the one {@link SignedConfirmForm}: Username, Password, Confirm Password,
 * and for Reject a Reason. The submit button appears only once every field is filled and nothing is wrong (spec
 * §2.4); meanwhile each field says what is wrong next to it.
 */
const SignatureForm = ({ decision, customer, approverId, onBusy, onBack, onDone }: SignatureFormProps) => {
  const rules = useMemo(() => approvalRules(decision), [decision]);
  const approve = useApproveCustomer({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onDone();
      },
      onError: (error) => notify('error', failureMessage(CUSTOMER_MESSAGES.approvalFailed, error)),
    },
  });
  const rejecting = decision === 'reject';
  return (
    <SignedConfirmForm
      name="approval"
      heading={`${rejecting ? 'Reject' : 'Approve'} ${customer.pendingChange ? 'change to ' : ''}${customer.customerName}`}
      question="Sign with your own username and password."
      {...rules}
      submitLabel="Submit"
      submittingLabel="Submitting..."
      submitColor={rejecting ? 'error' : 'success'}
      mutation={approve}
      variables={(values) => ({ data: toApprovalRequest(decision, customer.id, approverId, values), version: customer.version })}
      serverFields={{ changeJustification: 'reason' }}
      cancel={{ label: 'Back', icon: <ArrowBack />, onClick: onBack }}
      onBusy={onBusy}
      autoFocus
    />
  );
};

/**
 * Customer Approve modal (spec §2.4): the customer's email and mobile with Approve and Reject; each opens the
 * signature form. Mount it to open it.
 */
export const ApproveCustomerDialog = ({ customer, approverId, onClose }: ApproveCustomerDialogProps) => {
  const [decision, setDecision] = useState<Decision>();
  const [busy, setBusy] = useState(false);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={customer.pendingChange ? 'sm' : 'xs'}
      aria-labelledby={TITLE_ID}
      slotProps={phoneDialogSlotProps}
      data-testid="approve-customer-dialog"
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7 }}>
        Customer Approve
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <Close />
      </IconButton>
      <Box sx={{ px: 3, pb: 2 }}>
        <Alert icon={false} severity="info" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          {/* A name, not a heading (subtitle2 alone renders an h6 after the dialog's h2: axe heading-order). */}
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="approve-customer-name">
            {customer.customerName}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}
          >
            <Typography component="dt" variant="body2" color="textSecondary">
              Email
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="approve-customer-email">
              {customer.contactEmail}
            </Typography>
            <Typography component="dt" variant="body2" color="textSecondary">
              Mobile
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="approve-customer-mobile">
              {customer.contactInformation}
            </Typography>
          </Box>
        </Alert>
        {customer.pendingChange ? (
          <Box sx={{ mt: 2 }} data-testid="approve-customer-pending-change">
            <Typography variant="body2" sx={{ mb: 0.5 }} id="approve-customer-change-intro">
              This approved customer has a change waiting for your signature. Approve makes the new values public;
              Reject keeps the approved version.
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {pendingSummary(customer.pendingChange)}
            </Typography>
            <PendingChangeTable customer={{ ...customer, pendingChange: customer.pendingChange }} caption="Change to approve: old and new values" />
          </Box>
        ) : null}
      </Box>
      {decision ? (
        <SignatureForm
          key={decision}
          decision={decision}
          customer={customer}
          approverId={approverId}
          onBusy={setBusy}
          onBack={() => setDecision(undefined)}
          onDone={onClose}
        />
      ) : (
        <DialogActions sx={{ px: 3, pb: 3, pt: 0, gap: 1.5 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckCircleOutline />}
            onClick={() => setDecision('approve')}
            sx={{ flex: 1 }}
          >
            Approve
          </Button>
          <Button
            variant="contained"
            color="error"
            startIcon={<HighlightOff />}
            onClick={() => setDecision('reject')}
            sx={{ flex: 1 }}
          >
            Reject
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
};
