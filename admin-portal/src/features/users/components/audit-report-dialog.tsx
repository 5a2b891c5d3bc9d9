import { AUDIT_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { isValid } from 'date-fns';
import { useState } from 'react';

import { errorMessage, fieldErrors } from '@/lib/api-client';

import { useDownloadAuditReport } from '../api/download-audit-report';

/** Dates are shown dd/MM/yyyy (spec §9). */
const DISPLAY_FORMAT = 'dd/MM/yyyy';

const chosen = (date: Date | null): date is Date => date !== null && isValid(date);

/** 'Download Audit Reports' (spec §2.3): Date Start, Date End, Cancel and Download. Mount it to open it. */
export const AuditReportDialog = ({ onClose }: { onClose: () => void }) => {
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);
  const download = useDownloadAuditReport({ mutationConfig: { onSuccess: onClose } });
  const { reset } = download;

  const change = (set: (date: Date | null) => void) => (date: Date | null) => {
    set(date);
    reset(); // a new range: the previous answer no longer applies
  };

  // A reversed range is said next to Date Start at once; the server says the same (a 400 naming `from`).
  const reversed = chosen(from) && chosen(to) && from.getTime() > to.getTime();
  const serverFields = fieldErrors(download.error);
  const fromError = reversed ? AUDIT_MESSAGES.rangeReversed : serverFields.find((f) => f.field === 'from')?.message;
  const toError = serverFields.find((f) => f.field === 'to')?.message;
  const ready = chosen(from) && chosen(to) && !reversed;

  return (
    <Dialog
      open
      onClose={download.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="audit-report-title"
      data-testid="audit-report-dialog"
    >
      <DialogTitle id="audit-report-title">Download Audit Reports</DialogTitle>
      <DialogContent>
        <LocalizationProvider dateAdapter={AdapterDateFns}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <DatePicker
              label="Date Start"
              format={DISPLAY_FORMAT}
              value={from}
              onChange={change(setFrom)}
              slotProps={{ textField: { fullWidth: true, name: 'dateStart', error: Boolean(fromError), helperText: fromError } }}
            />
            <DatePicker
              label="Date End"
              format={DISPLAY_FORMAT}
              value={to}
              onChange={change(setTo)}
              slotProps={{ textField: { fullWidth: true, name: 'dateEnd', error: Boolean(toError), helperText: toError } }}
            />
            {download.isError && serverFields.length === 0 ? (
              <Alert severity="error" role="alert" data-testid="audit-report-error">
                {errorMessage(download.error)}
              </Alert>
            ) : null}
          </Stack>
        </LocalizationProvider>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={download.isPending} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!ready}
          loading={download.isPending}
          onClick={() => {
            if (chosen(from) && chosen(to)) download.mutate({ range: { from, to } });
          }}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
};
