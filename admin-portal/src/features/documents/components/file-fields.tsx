import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, ReactNode } from 'react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

import { LogoBox } from '@/components/ui/logo-box';
import { useObjectUrl } from '@/hooks/use-object-url';

/** The control of any form over these values, whatever its resolver outputs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output type does not matter to a field
export type AnyControl<T extends FieldValues> = Control<T, any, any>;

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

const PDF = 'application/pdf,.pdf';
const IMAGES = 'image/png,image/jpeg,image/webp';

/** Opens a chosen (not yet uploaded) file in a new tab, through an object URL that is let go a minute later. */
export const viewLocalFile = (file: File) => {
  const url = URL.createObjectURL(file);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

export const fileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type ChooseButtonProps = {
  label: string;
  buttonText: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  error?: boolean;
  describedBy?: string;
  testId: string;
  onFiles: (files: File[]) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
  onBlur?: () => void;
};

/** A file input shown as a button: the <label> forwards clicks to the hidden input, which keeps the tab stop. */
const ChooseButton = ({ label, buttonText, accept, multiple, disabled, error, describedBy, testId, onFiles, inputRef, onBlur }: ChooseButtonProps) => (
  <Button
    component="label"
    role={undefined}
    tabIndex={-1}
    variant="outlined"
    disabled={disabled}
    color={error ? 'error' : 'primary'}
    startIcon={<UploadFileOutlined />}
    sx={{ flex: 'none', '&:has(input:focus-visible)': { outline: '2px solid', outlineOffset: 2 } }}
  >
    {buttonText}
    <Box
      component="input"
      ref={inputRef}
      type="file"
      accept={accept}
      multiple={multiple}
      disabled={disabled}
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={Boolean(error)}
      onBlur={onBlur}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onFiles([...(event.target.files ?? [])]);
        event.target.value = ''; // choosing the same file again still fires a change
      }}
      sx={VISUALLY_HIDDEN}
      data-testid={testId}
    />
  </Button>
);

type FileRowProps = { file: File; onRemove?: () => void; disabled?: boolean; extra?: ReactNode };

/** One chosen PDF: its name and size, view (opens it locally) and remove. */
export const FileRow = ({ file, onRemove, disabled, extra }: FileRowProps) => (
  <ListItem
    disableGutters
    data-testid="chosen-file"
    secondaryAction={
      <Stack direction="row" spacing={0.5}>
        <Tooltip title="View">
          <IconButton aria-label={`View ${file.name}`} onClick={() => viewLocalFile(file)} size="small">
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        {onRemove ? (
          <Tooltip title="Remove">
            <span>
              <IconButton aria-label={`Remove ${file.name}`} onClick={onRemove} disabled={disabled} size="small">
                <DeleteOutline fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
      </Stack>
    }
    sx={{ pr: onRemove ? 10 : 6 }}
  >
    <ListItemIcon sx={{ minWidth: 36 }}>
      <PictureAsPdfOutlined color="error" />
    </ListItemIcon>
    <ListItemText
      primary={file.name}
      secondary={extra ?? fileSize(file.size)}
      slotProps={{ primary: { noWrap: true, variant: 'body2' }, secondary: { component: 'div' } }}
      sx={{ minWidth: 0 }}
    />
  </ListItem>
);

type SupportingFilesFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  /** Files the change order keeps (Edit parent): they count toward the 4. */
  kept?: number;
  max: number;
  disabled?: boolean;
  /** Told when the chosen files change (the Start step's upload then no longer applies). */
  onChanged?: () => void;
};

/** Attach up to `max` PDFs (spec §2.9 'attach files (up to 4) with remove and view'), bound to a `File[]` field. */
export const SupportingFilesField = <T extends FieldValues>({ name, control, label, kept = 0, max, disabled, onChanged }: SupportingFilesFieldProps<T>) => {
  const helperId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => {
        const files = (value as File[] | undefined) ?? [];
        const room = max - kept - files.length;
        const set = (next: File[]) => {
          onChange(next);
          onChanged?.();
        };
        return (
          <FormControl error={Boolean(error)} fullWidth component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel component="legend" sx={{ mb: 1, fontSize: '0.875rem' }}>
              {label}
            </FormLabel>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <ChooseButton
                label={label}
                buttonText="Attach Files"
                accept={PDF}
                multiple
                disabled={disabled || room <= 0}
                error={Boolean(error)}
                describedBy={helperId}
                testId="supporting-files-input"
                inputRef={ref}
                onBlur={onBlur}
                onFiles={(chosen) => set([...files, ...chosen])}
              />
              <Typography variant="body2" color="textSecondary">
                {kept + files.length} of {max}
              </Typography>
            </Stack>
            <FormHelperText id={helperId} sx={{ mx: 0 }}>
              {error?.message ?? `PDF files, at most ${max} in all.`}
            </FormHelperText>
            {files.length > 0 ? (
              <List dense disablePadding aria-label="Attached files" data-testid="supporting-files">
                {files.map((file, index) => (
                  <FileRow
                    key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
                    file={file}
                    disabled={disabled}
                    onRemove={() => set(files.filter((_, at) => at !== index))}
                  />
                ))}
              </List>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
};

type SingleFileFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  buttonText?: string;
  kind: 'pdf' | 'logo';
  disabled?: boolean;
  helperText?: string;
  testId: string;
  /** On Edit parent: the current logo, shown next to a new one. */
  current?: ReactNode;
  /** Below the chosen file: an upload's progress. */
  below?: ReactNode;
  /** Next to the choose button: e.g. 'Upload File'. */
  action?: ReactNode;
  onChanged?: () => void;
};

const LogoPreview = ({ file }: { file: File }) => {
  const url = useObjectUrl(file);
  return <LogoBox src={url} alt="Selected logo" loading={!url} testId="document-logo-preview" />;
};

/** One file bound to a `File | null` field: a child's PDF (view) or the document logo (100×100 preview). */
export const SingleFileField = <T extends FieldValues>({
  name,
  control,
  label,
  buttonText = 'Choose File',
  kind,
  disabled,
  helperText,
  testId,
  current,
  below,
  action,
  onChanged,
}: SingleFileFieldProps<T>) => {
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
            <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap', gap: 1.5 }}>
              <ChooseButton
                label={label}
                buttonText={buttonText}
                accept={kind === 'pdf' ? PDF : IMAGES}
                disabled={disabled}
                error={Boolean(error)}
                describedBy={helperId}
                testId={testId}
                inputRef={ref}
                onBlur={onBlur}
                onFiles={(files) => {
                  onChange(files[0] ?? null);
                  onChanged?.();
                }}
              />
              {action}
              {file ? null : (
                <Typography variant="body2" color="textSecondary" noWrap sx={{ minWidth: 0 }}>
                  No file chosen
                </Typography>
              )}
            </Stack>
            <FormHelperText id={helperId} sx={{ mx: 0 }}>
              {error?.message ?? helperText}
            </FormHelperText>
            {file && kind === 'pdf' ? (
              <List dense disablePadding aria-label={label}>
                <FileRow file={file} />
              </List>
            ) : null}
            {kind === 'logo' && (file || current) ? (
              <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                {current ? (
                  <Stack spacing={0.5}>
                    <Typography variant="caption" color="textSecondary">
                      Current logo
                    </Typography>
                    {current}
                  </Stack>
                ) : null}
                {file ? (
                  <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                    <Typography variant="caption" color="textSecondary" noWrap sx={{ maxWidth: 160 }}>
                      {file.name}
                    </Typography>
                    <LogoPreview file={file} />
                  </Stack>
                ) : null}
              </Stack>
            ) : null}
            {below}
          </FormControl>
        );
      }}
    />
  );
};
