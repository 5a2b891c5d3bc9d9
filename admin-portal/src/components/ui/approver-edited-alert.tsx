import { REASSIGN_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';

/**
 * Where an approver's Approve and Reject would be: they edited the record after it was submitted to them, so they may
 * no longer decide on it (its creator or last editor never does). What to do is said: an ADMIN reassigns it.
 */
export const ApproverEditedAlert = ({ mayReassign }: { mayReassign: boolean }) => (
  <Alert severity="warning" data-testid="approver-edited">
    {REASSIGN_MESSAGES.approverEdited} {mayReassign ? REASSIGN_MESSAGES.youMayReassign : REASSIGN_MESSAGES.askAdmin}
  </Alert>
);
