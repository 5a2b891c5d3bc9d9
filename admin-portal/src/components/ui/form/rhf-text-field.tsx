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
  /** An error to show while the field has none of its own, e.g. a live check against another field. */
  errorText?: string;
};

/** A MUI TextField bound to react-hook-form; the field's error is its helper text. */
export const RhfTextField = <T extends FieldValues>({
  name,
  control,
  helperText,
  errorText,
  ...props
}: RhfTextFieldProps<T>) => (
  <Controller
    name={name}
    control={control}
    render={({ field: { ref, value, ...field }, fieldState: { error } }) => {
      const message = error?.message ?? errorText;
      return (
        <TextField
          {...props}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          error={Boolean(message)}
          helperText={message ?? helperText}
        />
      );
    }}
  />
);
