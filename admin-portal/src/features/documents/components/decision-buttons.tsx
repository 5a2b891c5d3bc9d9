import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import Button from '@mui/material/Button';

import type { Decision } from './document-approval-values';

/** Approve and Reject as the view page and the list's approval modal show them: side by side, full width on a phone. */
export const DecisionButtons = ({ disabled, onDecide }: { disabled: boolean; onDecide: (decision: Decision) => void }) => (
  <>
    <Button
      variant="contained"
      color="success"
      startIcon={<CheckCircleOutline />}
      disabled={disabled}
      onClick={() => onDecide('approve')}
      sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 130 }}
    >
      {DOCUMENT_MESSAGES.approve}
    </Button>
    <Button
      variant="contained"
      color="error"
      startIcon={<HighlightOff />}
      disabled={disabled}
      onClick={() => onDecide('reject')}
      sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 130 }}
    >
      {DOCUMENT_MESSAGES.reject}
    </Button>
  </>
);
