import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';

import { IFU_NUMBER } from './change-order-format';

type UnfinishedChildDialogProps = {
  /** The saved child the form edits, by its IFU Number; null when the form holds a new one. */
  inForm: string | null;
  /** The saved child chosen to edit next, by its IFU Number. */
  next: string;
  onFinish: () => void;
  onDiscard: () => void;
};

/**
 * Asked when Edit is chosen in 'Uploaded Doc' while the child in the form cannot be kept as it is (a field is still
 * wrong): finish it first (the form says what is wrong), or discard it (for a saved child: only the changes made to
 * it) and edit the other one. Nothing in the form is ever dropped without this answer.
 */
export const UnfinishedChildDialog = ({ inForm, next, onFinish, onDiscard }: UnfinishedChildDialogProps) => {
  const what = inForm === null ? 'The new document in the form' : `Your changes to ${IFU_NUMBER} ${inForm}`;
  return (
    <Dialog
      open
      onClose={onFinish}
      maxWidth="xs"
      fullWidth
      aria-labelledby="unfinished-child-title"
      aria-describedby="unfinished-child-text"
      slotProps={phoneDialogSlotProps}
      data-testid="unfinished-child-dialog"
    >
      <DialogTitle id="unfinished-child-title">Finish the document in the form?</DialogTitle>
      <DialogContent>
        <DialogContentText id="unfinished-child-text" sx={{ overflowWrap: 'anywhere' }}>
          {what} cannot be kept in &lsquo;Uploaded Doc&rsquo; yet: a field is missing or wrong. Finish it first, or
          discard it to edit {IFU_NUMBER} {next}.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button color="error" onClick={onDiscard} sx={{ mr: 'auto' }}>
          Discard it
        </Button>
        <Button variant="contained" onClick={onFinish} autoFocus>
          Finish it
        </Button>
      </DialogActions>
    </Dialog>
  );
};
