import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Close from '@mui/icons-material/Close';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { notify } from '@/components/ui/notifications';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { failureMessage } from '@/lib/api-client';

import { useApproveCustomer } from '../api/approve-customer';

import { PendingChangeTable, pendingSummary } from './pending-change';

import {
  approvalFormDefaults,
  approvalFormFilled,
  approvalFormSchema,
  passwordMismatch,
  REASON_MAX,
  toApprovalRequest,
} from './approval-form-values';
import type { ApprovalFormInput, ApprovalFormValues, Decision } from './approval-form-values';

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
 * The electronic signature of a decision: Username, Password, Confirm Password, and for Reject a Reason. The submit
 * button appears only once every field is filled and nothing is wrong (spec §2.4).
 */
const SignatureForm = ({ decision, customer, approverId, onBusy, onBack, onDone }: SignatureFormProps) => {
  const schema = useMemo(() => approvalFormSchema(decision), [decision]);
  const { control, handleSubmit, formState } = useForm<ApprovalFormInput, unknown, ApprovalFormValues>({
    resolver: zodResolver(schema),
    defaultValues: approvalFormDefaults,
    mode: 'onChange',
  });
  const values = useWatch({ control });
  const mismatch = passwordMismatch({ password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' });
  const ready = approvalFormFilled(decision, values) && formState.isValid && !mismatch;

  const approve = useApproveCustomer({
    mutationConfig: {
      onMutate: () => onBusy(true),
      onSettled: () => onBusy(false),
      onSuccess: (response) => {
        notify('success', response.message);
        onDone();
      },
      onError: (error) => notify('error', failureMessage(CUSTOMER_MESSAGES.approvalFailed, error)),
    },
  });

  const onSubmit = handleSubmit((form) => {
    approve.mutate({ data: toApprovalRequest(decision, customer.id, approverId, form), version: customer.version });
  });

  const rejecting = decision === 'reject';
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={rejecting ? 'Reject customer' : 'Approve customer'}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} data-testid="signature-heading">
            {rejecting ? 'Reject' : 'Approve'} {customer.pendingChange ? 'change to ' : ''}
            {customer.customerName}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            Sign with your own username and password.
          </Typography>
          <RhfTextField
            control={control}
            name="username"
            label="Username"
            autoComplete="off"
            autoFocus
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <RhfTextField control={control} name="password" label="Password" type="password" autoComplete="off" />
          <RhfTextField
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="off"
            errorText={mismatch ? CUSTOMER_MESSAGES.passwordMismatch : undefined}
          />
          {rejecting ? (
            <RhfTextField
              control={control}
              name="reason"
              label="Reason"
              multiline
              minRows={3}
              helperText={`${(values.reason ?? '').length}/${REASON_MAX}`}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBack />} onClick={onBack} disabled={approve.isPending} color="inherit" sx={{ mr: 'auto' }}>
          Back
        </Button>
        {ready || approve.isPending ? (
          <Button
            type="submit"
            variant="contained"
            color={rejecting ? 'error' : 'success'}
            disabled={approve.isPending}
            sx={{ minWidth: 130 }}
            data-testid="approval-submit"
          >
            {approve.isPending ? 'Submitting...' : 'Submit'}
          </Button>
        ) : null}
      </DialogActions>
    </Box>
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
