import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, ReactNode } from 'react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

import { LogoBox } from '@/components/ui/logo-box';
import { useObjectUrl } from '@/hooks/use-object-url';

/** The formats the server accepts (it checks the content, this only narrows the file picker). */
const ACCEPT = 'image/png,image/jpeg,image/webp';

/** Hidden from sight, not from the keyboard or assistive technology (the button-like label shows it). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type LogoFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  /** On edit: the current logo, shown below the field. */
  current?: ReactNode;
};

const Preview = ({ file }: { file: File }) => {
  const url = useObjectUrl(file);
  return <LogoBox src={url} alt="Selected logo" loading={!url} testId="customer-logo-preview" />;
};

const Captioned = ({ caption, children }: { caption: string; children: ReactNode }) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <Typography variant="caption" color="textSecondary">
      {caption}
    </Typography>
    {children}
  </Stack>
);

/** A logo file picker bound to a `File | null` field: the chosen file's name, its preview, the error below. */
export const LogoField = <T extends FieldValues>({ name, control, label, current }: LogoFieldProps<T>) => {
  const helperId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => {
        const chosen: unknown = value;
        const file = chosen instanceof File ? chosen : null;
        return (
          <FormControl error={Boolean(error)} fullWidth component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel component="legend" sx={{ mb: 1, fontSize: '0.875rem' }}>
              {label}
            </FormLabel>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              {/* The <label> only shows the hidden input as a button and forwards clicks to it: it takes no button
                  role and no tab stop of its own (an interactive control may not hold another). */}
              <Button
                component="label"
                role={undefined}
                tabIndex={-1}
                variant="outlined"
                color={error ? 'error' : 'primary'}
                startIcon={<UploadFileOutlined />}
                sx={{ flex: 'none', '&:has(input:focus-visible)': { outline: '2px solid', outlineOffset: 2 } }}
              >
                Choose File
                <Box
                  component="input"
                  ref={ref}
                  type="file"
                  name={name}
                  accept={ACCEPT}
                  aria-label={label}
                  aria-describedby={helperId}
                  aria-invalid={Boolean(error)}
                  onBlur={onBlur}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => {
                    onChange(event.target.files?.[0] ?? null);
                    event.target.value = ''; // choosing the same file again still fires a change
                  }}
                  sx={VISUALLY_HIDDEN}
                  data-testid="customer-logo-input"
                />
              </Button>
              <Typography
                variant="body2"
                color={file ? 'textPrimary' : 'textSecondary'}
                noWrap
                sx={{ minWidth: 0 }}
                data-testid="customer-logo-name"
              >
                {file ? file.name : 'No file chosen'}
              </Typography>
            </Stack>
            <FormHelperText id={helperId} sx={{ mx: 0 }}>
              {error?.message ?? 'PNG, JPEG or WebP, at most 2 MB.'}
            </FormHelperText>
            {file || current ? (
              <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                {current ? <Captioned caption="Current logo">{current}</Captioned> : null}
                {file ? (
                  <Captioned caption={current ? 'New logo' : 'Preview'}>
                    <Preview file={file} />
                  </Captioned>
                ) : null}
              </Stack>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
};
