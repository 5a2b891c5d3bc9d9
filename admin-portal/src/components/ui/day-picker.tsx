import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';

/** Every date a staff screen shows or takes is dd/MM/yyyy (spec §9), whatever the browser's locale. */
export const DAY_FORMAT = 'dd/MM/yyyy';

type DayPickerProps = {
  label: string;
  /** The chosen day as `YYYY-MM-DD`, '' when none. */
  value: string;
  /** The day chosen (`YYYY-MM-DD`), or '' when the field is cleared or holds no whole, real day yet. */
  onChange: (day: string) => void;
  name: string;
  helperText?: string;
  error?: boolean;
  required?: boolean;
  testId?: string;
};

const dayOf = (text: string) => (text ? parseISO(text) : null);

/**
 * A calendar day picked as the other screens pick one (MUI X date picker, typed or chosen from its calendar, shown
 * dd/MM/yyyy), instead of the browser's own date input, which shows the browser's format.
 */
export const DayPicker = ({ label, value, onChange, name, helperText, error, required, testId }: DayPickerProps) => (
  <LocalizationProvider dateAdapter={AdapterDateFns}>
    <DatePicker
      label={label}
      format={DAY_FORMAT}
      value={dayOf(value)}
      onChange={(date) => onChange(date && isValid(date) ? format(date, 'yyyy-MM-dd') : '')}
      slotProps={{
        textField: { fullWidth: true, name, required, error, helperText, ...(testId ? { 'data-testid': testId } : {}) },
      }}
    />
  </LocalizationProvider>
);
