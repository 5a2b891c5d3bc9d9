import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

export type RhfCheckboxProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  disabled?: boolean;
  /** What ticking it does, under it (its accessible description). */
  helperText?: string;
};

/** A labelled MUI Checkbox bound to a boolean react-hook-form field; the field's error shows below it. */
export const RhfCheckbox = <T extends FieldValues>({ name, control, label, disabled, helperText }: RhfCheckboxProps<T>) => {
  const errorId = useId();
  const helpId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, onChange, ...field }, fieldState: { error } }) => (
        <FormControl error={Boolean(error)} disabled={disabled}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                {...field}
                checked={Boolean(value)}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{
                  input: {
                    ref,
                    'aria-describedby': [error ? errorId : '', helperText ? helpId : ''].filter(Boolean).join(' ') || undefined,
                    'aria-invalid': Boolean(error),
                  },
                }}
              />
            }
          />
          {error ? (
            <FormHelperText id={errorId} sx={{ mt: -0.5 }}>
              {error.message}
            </FormHelperText>
          ) : null}
          {helperText ? (
            <FormHelperText id={helpId} sx={{ mt: -0.5, ml: 0, maxWidth: 560 }}>
              {helperText}
            </FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
};
