import { AUDIT_MESSAGES, AUDIT_REVIEW_MESSAGES } from '@ifu/contracts';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, startOfDay } from 'date-fns';
import { useState } from 'react';

import { SignedConfirmForm } from '@/components/ui/signed-confirm-dialog';
import { fieldErrors } from '@/lib/api-client';

import { useSignReview } from '../api/sign-review';

import { AUDIT_DATE_FORMAT } from './history-filters';

const DISPLAY_FORMAT = 'dd/MM/yyyy';
const chosen = (date: Date | null): date is Date => date !== null && isValid(date);

/** Today as a UTC day, as a local date the picker shows (the server counts days in UTC). */
const todayUtc = () => {
  const now = new Date();
  return new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

/**
 * 'Sign Review': the reviewer states, with their electronic signature (meaning review), that they reviewed the audit
 * trail of Date Start to Date End (UTC days), with their comments. Mount it to open it.
 */
export const SignReviewDialog = ({ onClose }: { onClose: () => void }) => {
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);
  const [attempted, setAttempted] = useState(false);
  const sign = useSignReview({ mutationConfig: { onSuccess: onClose } });
  const reversed = chosen(from) && chosen(to) && from.getTime() > to.getTime();
  const future = chosen(to) && startOfDay(to).getTime() > todayUtc().getTime();
  const server = fieldErrors(sign.error);
  const missing = (date: Date | null, label: string) => (attempted && !chosen(date) ? `Enter ${label}` : undefined);
  const fromError = reversed ? AUDIT_MESSAGES.rangeReversed : (missing(from, 'Date Start') ?? server.find((f) => f.field === 'from')?.message);
  const toError = future ? AUDIT_REVIEW_MESSAGES.rangeInFuture : (missing(to, 'Date End') ?? server.find((f) => f.field === 'to')?.message);
  const rangeReady = chosen(from) && chosen(to) && !reversed && !future;
  // The dates are checked here as the server checks them; a signature without a range is not sent.
  const mutation = {
    ...sign,
    mutate: (variables: Parameters<typeof sign.mutate>[0]) => {
      setAttempted(true);
      if (rangeReady) sign.mutate(variables);
    },
  };

  return (
    <Dialog open onClose={sign.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="sign-review-title" aria-describedby="sign-review-text" data-testid="sign-review-dialog">
      <DialogTitle id="sign-review-title">Sign Audit Trail Review</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <LocalizationProvider dateAdapter={AdapterDateFns}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
            <DatePicker
              label="Date Start"
              format={DISPLAY_FORMAT}
              value={from}
              onChange={setFrom}
              slotProps={{ textField: { fullWidth: true, name: 'reviewDateStart', error: Boolean(fromError), helperText: fromError } }}
            />
            <DatePicker
              label="Date End"
              format={DISPLAY_FORMAT}
              value={to}
              onChange={setTo}
              maxDate={todayUtc()}
              slotProps={{ textField: { fullWidth: true, name: 'reviewDateEnd', error: Boolean(toError), helperText: toError } }}
            />
          </Stack>
        </LocalizationProvider>
      </DialogContent>
      <SignedConfirmForm
        name="sign-review"
        descriptionId="sign-review-text"
        question="By signing you state that you reviewed the audit trail of every record for these UTC days. Enter your own username and password."
        reason={{ required: false, label: 'Comments' }}
        serverFields={{ comments: 'reason' }}
        showServerError
        submitLabel="Sign Review"
        submittingLabel="Signing…"
        submitColor="primary"
        mutation={mutation}
        variables={(values) => ({
          from: chosen(from) ? format(from, AUDIT_DATE_FORMAT) : '',
          to: chosen(to) ? format(to, AUDIT_DATE_FORMAT) : '',
          comments: values.reason.trim(),
          username: values.username.trim(),
          password: values.password,
        })}
        cancel={{ label: 'Cancel', onClick: onClose }}
      />
    </Dialog>
  );
};
