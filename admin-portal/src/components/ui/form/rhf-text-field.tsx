import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

export type RhfTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/** A MUI TextField bound to react-hook-form; the field's error is its helper text. */
export const RhfTextField = <T extends FieldValues>({ name, control, helperText, ...props }: RhfTextFieldProps<T>) => (
  <Controller
    name={name}
    control={control}
    render={({ field: { ref, value, ...field }, fieldState: { error } }) => (
      <TextField
        {...props}
        {...field}
        value={value ?? ''}
        inputRef={ref}
        error={Boolean(error)}
        helperText={error?.message ?? helperText}
      />
    )}
  />
);
