import { REASSIGN_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { useSession } from '@/lib/app-state';

/**
 * The approver of a record waiting for them, before they edit it: saving makes them its last editor, and its creator
 * or last editor never decides on it (`approver-is-author`). Said before the edit, and confirmed by a tick, so that
 * the approval does not vanish without a word afterwards. `approverIds`: who the record waits for (a customer's
 * pending change names its own).
 */
export const useApproverEditGuard = (approverIds: ReadonlyArray<string | null | undefined>, waiting: boolean) => {
  const session = useSession();
  const applies = waiting && session !== null && approverIds.includes(session.id);
  const [confirmed, setConfirmed] = useState(false);
  const [asked, setAsked] = useState(false);
  /** Runs `save` unless the approver has not confirmed yet; then the warning says to. */
  const guard = (save: () => void) => {
    if (applies && !confirmed) {
      setAsked(true);
      return;
    }
    save();
  };
  const warning: ReactNode = applies ? (
    <Alert severity="warning" data-testid="approver-edit-warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {REASSIGN_MESSAGES.editWarning}
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={
          <Checkbox
            checked={confirmed}
            onChange={(_event, checked) => {
              setConfirmed(checked);
              if (checked) setAsked(false);
            }}
            slotProps={{ input: { 'aria-describedby': asked && !confirmed ? 'approver-edit-confirm-error' : undefined } }}
            data-testid="approver-edit-confirm"
          />
        }
        label={REASSIGN_MESSAGES.confirmEdit}
      />
      {asked && !confirmed ? (
        // In the alert's own colour (its red on the warning's background is below 4.5:1), in bold.
        <Typography variant="body2" id="approver-edit-confirm-error" role="alert" sx={{ fontWeight: 600 }}>
          Tick this box to save the edit, or go back without saving.
        </Typography>
      ) : null}
    </Alert>
  ) : null;
  return { applies, guard, warning };
};
