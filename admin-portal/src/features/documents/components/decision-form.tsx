import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderResponse } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { errorMessage } from '@/lib/api-client';

import { useApproveDocuments } from '../api/approve-documents';

import {
  documentApprovalDefaults,
  documentApprovalReady,
  documentApprovalSchema,
  passwordMismatch,
  REASON_MAX,
  toApproveDocumentsRequest,
} from './document-approval-values';
import type { ApprovalVariant, Decision, DocumentApprovalInput, DocumentApprovalValues } from './document-approval-values';

type DecisionFormProps = {
  decision: Decision;
  variant: ApprovalVariant;
  /** The change order decided, at the version the approver reviewed. */
  changeOrder: { parentChangeId: string; documentId: string; version: number };
  /** The logged-in approver, who signs. */
  approverId: string;
  /** What the form says first (the decision in words). */
  heading: ReactNode;
  /** The left-hand button: Cancel (view) or Back (list). */
  cancel: { label: string; icon?: ReactNode; onClick: () => void };
  onBusy: (busy: boolean) => void;
  onDecided: (response: ChangeOrderResponse) => void;
};

/**
 * The electronic signature of a document decision: Username, Password, Confirm Password and a Reason (required to
 * reject). On the view (spec §5 'Document approval on view') the submit button is always there and 'Password
 * Mismatch' is said as soon as the confirmation differs; on the list ('Approval from the list') the mismatch is not
 * said and the submit button appears only once every field is filled, equal and error-free. A refusal shows the
 * server's message above the fields ('Document approval failed.' when it has none); the dialog stays open.
 */
export const DecisionForm = ({ decision, variant, changeOrder, approverId, heading, cancel, onBusy, onDecided }: DecisionFormProps) => {
  const schema = useMemo(() => documentApprovalSchema(decision, variant), [decision, variant]);
  const { control, handleSubmit, formState } = useForm<DocumentApprovalInput, unknown, DocumentApprovalValues>({
    resolver: zodResolver(schema),
    defaultValues: documentApprovalDefaults,
    mode: variant === 'list' ? 'onChange' : 'onSubmit',
  });
  const values = useWatch({ control });
  const mismatch = variant === 'view' && passwordMismatch(values);

  const approve = useApproveDocuments({ mutationConfig: { onSuccess: onDecided } });
  const { isPending, error } = approve;
  useEffect(() => onBusy(isPending), [isPending, onBusy]);

  const onSubmit = handleSubmit((form) =>
    approve.mutate({
      data: toApproveDocumentsRequest(decision, variant, changeOrder.parentChangeId, approverId, form),
      version: changeOrder.version,
    }),
  );

  const rejecting = decision === 'reject';
  const showSubmit = variant === 'view' || isPending || (documentApprovalReady(decision, values) && formState.isValid);
  const reasonLength = (values.reason ?? '').length;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`${rejecting ? 'Reject' : 'Approve'} change order ${changeOrder.documentId}`}
      data-testid="decision-form"
      data-decision={decision}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="decision-heading">
            {heading}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            Sign with your own username and password.
          </Typography>
          {error ? (
            <Alert severity="error" role="alert" data-testid="decision-error">
              {errorMessage(error, DOCUMENT_MESSAGES.approvalFailed)}
            </Alert>
          ) : null}
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
            errorText={mismatch ? DOCUMENT_MESSAGES.passwordMismatch : undefined}
          />
          {variant === 'view' || rejecting ? (
            <RhfTextField
              control={control}
              name="reason"
              label="Reason"
              multiline
              minRows={3}
              errorText={reasonLength > REASON_MAX ? DOCUMENT_MESSAGES.reasonTooLong : undefined}
              helperText={`${reasonLength}/${REASON_MAX}`}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={cancel.icon} onClick={cancel.onClick} disabled={isPending} color="inherit" sx={{ mr: 'auto' }}>
          {cancel.label}
        </Button>
        {showSubmit ? (
          <Button
            type="submit"
            variant="contained"
            color={rejecting ? 'error' : 'success'}
            disabled={isPending}
            sx={{ minWidth: 130 }}
            data-testid="decision-submit"
          >
            {isPending ? DOCUMENT_MESSAGES.submitting : 'Submit'}
          </Button>
        ) : null}
      </DialogActions>
    </Box>
  );
};
