import { REASSIGN_MESSAGES } from '@ifu/contracts';
import type { ApproverListResponse } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { errorMessage } from '@/lib/api-client';
import { approverChoiceLabel } from '@/lib/approvers';
import { useSession } from '@/lib/app-state';

import { SignedConfirmDialog } from './signed-confirm-dialog';
import type { SignedValues, SigningMutation } from './signed-confirm-dialog';

type ReassignApproverDialogProps<V> = {
  /** What is reassigned, in words: 'change order CO-2026-00042', 'customer Acme'. */
  subject: ReactNode;
  /** Who it waits for now, as the view names them. */
  currentApprover: string;
  /** Whom it may go to: the server's list (the approver policy). */
  candidates: { data?: ApproverListResponse; isPending: boolean; isError: boolean; error: Error | null };
  mutation: SigningMutation<V>;
  /** The call's variables, given the approver chosen and what was typed. */
  variables: (approverId: string, values: SignedValues) => V;
  onClose: () => void;
};

/**
 * "Reassign approver": an ADMIN gives a record awaiting a decision to another approver, chosen from those who may
 * decide on it, with a reason, signed with their own username (filled in) and password. A refusal is shown here and
 * the dialog stays open. Mount it to open it.
 */
export const ReassignApproverDialog = <V,>({ subject, currentApprover, candidates, mutation, variables, onClose }: ReassignApproverDialogProps<V>) => {
  const session = useSession();
  const [approverId, setApproverId] = useState('');
  const [missing, setMissing] = useState(false);
  const list = candidates.data?.approverList ?? [];
  // The approver is chosen outside the signed form: the submit asks for it before the call goes.
  const guarded: SigningMutation<V> = {
    ...mutation,
    mutate: (v) => {
      if (!approverId) {
        setMissing(true);
        return;
      }
      mutation.mutate(v);
    },
  };

  return (
    <SignedConfirmDialog
      name="reassign-approver"
      title={REASSIGN_MESSAGES.action}
      maxWidth="sm"
      phoneMargins
      question={
        <Stack spacing={2}>
          <span>
            Give {subject}, now waiting for {currentApprover}, to another approver. Only ADMINs who may decide on it are offered.
          </span>
          {candidates.isError ? (
            <Alert severity="error" data-testid="reassign-candidates-error">
              {errorMessage(candidates.error)}
            </Alert>
          ) : null}
          <TextField
            select
            label="New approver"
            value={approverId}
            onChange={(event) => {
              setApproverId(event.target.value);
              setMissing(false);
            }}
            disabled={candidates.isPending || mutation.isPending}
            error={missing}
            helperText={missing ? REASSIGN_MESSAGES.selectApprover : !candidates.isPending && list.length === 0 ? 'No other ADMIN may decide on it.' : ' '}
            fullWidth
            // The menu opens inside the dialog, not at the end of the page outside every landmark.
            slotProps={{ htmlInput: { 'data-testid': 'reassign-approver-select' }, select: { MenuProps: { disablePortal: true } } }}
          >
            {list.map((approver) => (
              <MenuItem key={approver.id} value={approver.id}>
                {approverChoiceLabel(approver)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      }
      submitLabel="Reassign"
      submittingLabel="Submitting..."
      submitColor="primary"
      reason={{ required: true }}
      username={session?.email}
      mutation={guarded}
      variables={(values) => variables(approverId, values)}
      showServerError
      onClose={onClose}
    />
  );
};
