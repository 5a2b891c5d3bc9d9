import { ABSENCE_MESSAGES } from '@ifu/contracts';
import type { AbsenceView } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';
import { useState } from 'react';

import { notify } from '@/components/ui/notifications';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useApprovers } from '@/lib/api/get-approvers';
import { absenceText, approverChoiceLabel } from '@/lib/approvers';

import { useDeclareAbsence, useEndAbsence, useMyAbsence } from '../api/absence';

/** Dates are shown dd/MM/yyyy (spec §9). */
const DISPLAY_FORMAT = 'dd/MM/yyyy';
const chosen = (date: Date | null): date is Date => date !== null && isValid(date);
/** The calendar day picked, as the API takes it (`YYYY-MM-DD`): the day itself, in no time zone. */
const dayOf = (date: Date) => format(date, 'yyyy-MM-dd');

type Errors = Partial<Record<'from' | 'until' | 'delegateId', string>>;

/**
 * The signed-in user's absence: from, until and a delegate (an active ADMIN). Meanwhile what is submitted or
 * reassigned to them goes to the delegate, when the delegate may approve it; what already waits for them stays (an
 * ADMIN reassigns it). Saving again replaces it; "End absence" ends it.
 */
export const AbsenceForm = () => {
  const current = useMyAbsence();
  if (current.isPending) return <Typography role="status">Loading your absence…</Typography>;
  if (current.isError) return <Alert severity="error">{errorMessage(current.error)}</Alert>;
  return <AbsenceFields absence={current.data.absence} />;
};

const AbsenceFields = ({ absence }: { absence: AbsenceView | null }) => {
  const approvers = useApprovers();
  const [from, setFrom] = useState<Date | null>(absence ? parseISO(absence.from) : null);
  const [until, setUntil] = useState<Date | null>(absence ? parseISO(absence.until) : null);
  const [delegateId, setDelegateId] = useState(absence?.delegate.id ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const declare = useDeclareAbsence({ mutationConfig: { onSuccess: (response) => notify('success', response.message ?? ABSENCE_MESSAGES.declared) } });
  const end = useEndAbsence({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message ?? ABSENCE_MESSAGES.ended);
        setFrom(null);
        setUntil(null);
        setDelegateId('');
      },
      onError: (error) => notify('error', errorMessage(error)),
    },
  });
  const serverErrors = Object.fromEntries(fieldErrors(declare.error).map(({ field, message }) => [field, message])) as Errors;
  const shown: Errors = { ...serverErrors, ...errors };
  const otherFailure = declare.isError && fieldErrors(declare.error).length === 0;

  const save = () => {
    const found: Errors = {};
    if (!chosen(from)) found.from = ABSENCE_MESSAGES.enterFrom;
    if (!chosen(until)) found.until = ABSENCE_MESSAGES.enterUntil;
    else if (chosen(from) && dayOf(until) < dayOf(from)) found.until = ABSENCE_MESSAGES.untilBeforeFrom;
    if (!delegateId) found.delegateId = ABSENCE_MESSAGES.selectDelegate;
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosen(from) || !chosen(until)) return;
    declare.mutate({ from: dayOf(from), until: dayOf(until), delegateId });
  };

  return (
    <Stack spacing={2.5} component="form" noValidate aria-label={ABSENCE_MESSAGES.title} onSubmit={(event) => { event.preventDefault(); save(); }} data-testid="absence-form">
      <Typography variant="body2" color="textSecondary">
        While you are away, change orders and customers submitted or reassigned to you go to your delegate, when they may
        approve them. What already waits for you stays with you: ask an ADMIN to reassign it.
      </Typography>
      {absence ? (
        <Alert severity="info" data-testid="absence-current">
          You are {absenceText(absence)}.
        </Alert>
      ) : (
        <Typography data-testid="absence-none">{ABSENCE_MESSAGES.none}.</Typography>
      )}
      <LocalizationProvider dateAdapter={AdapterDateFns}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <DatePicker
            label={ABSENCE_MESSAGES.from}
            format={DISPLAY_FORMAT}
            value={from}
            onChange={(date) => {
              setFrom(date);
              setErrors((e) => ({ ...e, from: undefined }));
            }}
            slotProps={{ textField: { fullWidth: true, name: 'from', error: Boolean(shown.from), helperText: shown.from } }}
          />
          <DatePicker
            label={ABSENCE_MESSAGES.until}
            format={DISPLAY_FORMAT}
            value={until}
            onChange={(date) => {
              setUntil(date);
              setErrors((e) => ({ ...e, until: undefined }));
            }}
            slotProps={{ textField: { fullWidth: true, name: 'until', error: Boolean(shown.until), helperText: shown.until } }}
          />
        </Box>
      </LocalizationProvider>
      <TextField
        select
        label={ABSENCE_MESSAGES.delegate}
        value={delegateId}
        onChange={(event) => {
          setDelegateId(event.target.value);
          setErrors((e) => ({ ...e, delegateId: undefined }));
        }}
        error={Boolean(shown.delegateId)}
        helperText={shown.delegateId ?? 'An active ADMIN who takes what is submitted to you while you are away.'}
        disabled={approvers.isPending}
        fullWidth
        // The menu opens inside the page's main landmark, not at the end of the page.
        slotProps={{ htmlInput: { 'data-testid': 'absence-delegate' }, select: { MenuProps: { disablePortal: true } } }}
      >
        {(approvers.data?.approverList ?? []).map((approver) => (
          <MenuItem key={approver.id} value={approver.id}>
            {approverChoiceLabel(approver)}
          </MenuItem>
        ))}
      </TextField>
      {otherFailure ? (
        <Alert severity="error" role="alert">
          {errorMessage(declare.error)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
        {absence ? (
          <Button color="inherit" onClick={() => end.mutate(undefined)} loading={end.isPending} disabled={declare.isPending} data-testid="absence-end">
            End absence
          </Button>
        ) : null}
        <Button type="submit" variant="contained" loading={declare.isPending} disabled={end.isPending} data-testid="absence-save">
          Save
        </Button>
      </Stack>
    </Stack>
  );
};
