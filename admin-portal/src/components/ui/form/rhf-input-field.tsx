import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

export type RhfInputFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** An error to show while the field has none of its own, e.g. a live check against another field. */
  errorText?: string;
  /** Attributes of the <input> itself (inputMode, autoCapitalize...). */
  htmlInput?: InputBaseComponentProps;
};

/**
 * An outlined text field bound to react-hook-form, for the public screens (login, set password). It renders what
 * MUI's TextField renders for them (FormControl, InputLabel, OutlinedInput, FormHelperText, wired by id) without
 * TextField itself, whose `select` mode would bring Select, Menu, Popover and Modal (some 15 kB gzipped) into the
 * first page. Forms that need `select` or `multiline` use RhfTextField.
 */
export const RhfInputField = <T extends FieldValues>({
  name,
  control,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  disabled,
  helperText,
  errorText,
  htmlInput,
}: RhfInputFieldProps<T>) => {
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState: { error } }) => {
        const message = error?.message ?? errorText;
        const help = message ?? helperText;
        const helpId = help ? `${id}-helper-text` : undefined;
        return (
          <FormControl fullWidth variant="outlined" error={Boolean(message)} disabled={disabled}>
            <InputLabel htmlFor={id} id={`${id}-label`}>
              {label}
            </InputLabel>
            <OutlinedInput
              {...field}
              id={id}
              fullWidth
              label={label}
              type={type}
              value={value ?? ''}
              inputRef={ref}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              aria-describedby={helpId}
              inputProps={htmlInput}
            />
            {/* Several messages (every rule a password breaks) each on a line of its own. */}
            {help ? (
              <FormHelperText id={helpId} sx={{ whiteSpace: 'pre-line' }}>
                {help}
              </FormHelperText>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
};
