import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView as ChangeOrder } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

import { DecisionButtons } from './decision-buttons';
import type { Decision } from './document-approval-values';

/**
 * The assigned approver's Approve and Reject (spec §2.12, §4): disabled until every supporting file and child document
 * has been opened; until then the files still to open are named.
 */
/** 'Open every file before you decide', with the files not opened yet (the Approval panel and the list's dialog). */
export const UnopenedFilesAlert = ({ unopened, sx }: { unopened: ChangeOrder['unopened']; sx?: SxProps<Theme> }) => (
  <Alert severity="info" sx={sx} data-testid="open-every-file">
    {DOCUMENT_MESSAGES.openEveryFile}:
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {unopened.map((file) => (
        <Box component="li" key={file.fileId} sx={{ overflowWrap: 'anywhere' }} data-testid="unopened-file">
          {file.docName}
        </Box>
      ))}
    </Box>
  </Alert>
);

export const ApprovalPanel = ({ unopened, onDecide }: { unopened: ChangeOrder['unopened']; onDecide: (decision: Decision) => void }) => {
  const waiting = unopened.length > 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="approval-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="approval-panel">
      <Typography id="approval-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Approval
      </Typography>
      {waiting ? (
        <UnopenedFilesAlert unopened={unopened} sx={{ mb: 2 }} />
      ) : null}
      <Stack direction="row" spacing={1.5}>
        <DecisionButtons disabled={waiting} onDecide={onDecide} />
      </Stack>
    </Paper>
  );
};
