import { AUDIT_MESSAGES } from '@ifu/contracts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';

/** Dates are shown dd/MM/yyyy (spec §9) and sent DD-MMM-YYYY, as the audit download sends them. */
const DISPLAY_FORMAT = 'dd/MM/yyyy';
export const AUDIT_DATE_FORMAT = 'dd-MMM-yyyy';

export type HistoryFilterValues = { from?: string; to?: string; actor?: string; type?: string };

const asDate = (text: string | undefined) => {
  if (!text) return null;
  const date = parse(text, AUDIT_DATE_FORMAT, new Date());
  return isValid(date) ? date : null;
};
const chosen = (date: Date | null): date is Date => date !== null && isValid(date);

type HistoryFiltersProps = {
  values: HistoryFilterValues;
  eventTypes: string[];
  /** The server's refusal of a filter, by field. */
  errors: Array<{ field: string; message: string }>;
  onApply: (values: HistoryFilterValues) => void;
};

/** Date Start, Date End (UTC days), the actor's email and the kind of event; Apply lists only what matches. */
export const HistoryFilters = ({ values, eventTypes, errors, onApply }: HistoryFiltersProps) => {
  const [from, setFrom] = useState<Date | null>(asDate(values.from));
  const [to, setTo] = useState<Date | null>(asDate(values.to));
  const [actor, setActor] = useState(values.actor ?? '');
  const [type, setType] = useState(values.type ?? '');
  const reversed = chosen(from) && chosen(to) && from.getTime() > to.getTime();
  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const fromError = reversed ? AUDIT_MESSAGES.rangeReversed : errorOf('from');

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <Box
        component="form"
        aria-label="Filters"
        className="no-print"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr)) auto' }, alignItems: 'start' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (reversed) return;
          onApply({
            from: chosen(from) ? format(from, AUDIT_DATE_FORMAT) : undefined,
            to: chosen(to) ? format(to, AUDIT_DATE_FORMAT) : undefined,
            actor: actor.trim() || undefined,
            type: type || undefined,
          });
        }}
      >
        <DatePicker
          label="Date Start"
          format={DISPLAY_FORMAT}
          value={from}
          onChange={setFrom}
          slotProps={{ textField: { fullWidth: true, name: 'dateStart', error: Boolean(fromError), helperText: fromError }, field: { clearable: true } }}
        />
        <DatePicker
          label="Date End"
          format={DISPLAY_FORMAT}
          value={to}
          onChange={setTo}
          slotProps={{ textField: { fullWidth: true, name: 'dateEnd', error: Boolean(errorOf('to')), helperText: errorOf('to') }, field: { clearable: true } }}
        />
        <TextField
          fullWidth
          label="Actor email"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          error={Boolean(errorOf('actor'))}
          helperText={errorOf('actor')}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField select fullWidth label="Kind of event" value={type} onChange={(event) => setType(event.target.value)}>
          <MenuItem value="">All events</MenuItem>
          {eventTypes.map((eventType) => (
            <MenuItem key={eventType} value={eventType}>
              {eventType}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={reversed} sx={{ height: 56, justifySelf: 'start' }}>
          Apply Filters
        </Button>
      </Box>
    </LocalizationProvider>
  );
};
