import { CHANGE_TYPES, COUNTRIES, DOCUMENT_MESSAGES, LANGUAGES, SIGNATURE_MEANING_LABELS } from '@ifu/contracts';
import type { ChangeOrderView, SignatureMeaning } from '@ifu/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useEffect, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { FieldPath, FieldValues } from 'react-hook-form';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { notify } from '@/components/ui/notifications';
import { TrainingNotice, useSigningBlocked } from '@/components/ui/training-notice';
import { useApprovedCustomers } from '@/lib/api/approved-customers';
import { useApprovers } from '@/lib/api/get-approvers';
import { approverChoiceLabel } from '@/lib/approvers';

import { IFU_NUMBER } from './change-order-format';
import type { AnyControl } from './file-fields';
import type { ChildStepInput, ParentFormInput, SignFormInput } from './document-form-values';

/** The Effective Date picker shows dd/MM/y (spec §2.9). */
export const EFFECTIVE_DATE_FORMAT = 'dd/MM/y';

/** A two-column grid on wide screens, one column on a phone; `full` children span both. */
export const fieldGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2.5,
  alignItems: 'start',
} as const;
export const fullRow = { gridColumn: { md: '1 / -1' } } as const;

type Option = { value: string; label: string };

type RadioFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  options: readonly Option[];
  disabled?: boolean;
};

/** A labelled radio group (a fieldset) bound to a string field; its error shows below. */
const RadioField = <T extends FieldValues>({ name, control, label, options, disabled }: RadioFieldProps<T>) => {
  const labelId = useId();
  const errorId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
        <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ minWidth: 0 }}>
          <FormLabel component="legend" id={labelId} sx={{ fontSize: '0.875rem' }}>
            {label}
          </FormLabel>
          <RadioGroup
            row
            name={name}
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-labelledby={labelId}
            aria-describedby={error ? errorId : undefined}
          >
            {options.map((option, index) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                label={option.label}
                control={<Radio slotProps={{ input: { ref: index === 0 ? ref : undefined } }} size="small" />}
              />
            ))}
          </RadioGroup>
          {error ? <FormHelperText id={errorId} sx={{ mx: 0 }}>{error.message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
};

/** Accessibility: Online is isInternal false, Offline true (spec §3). */
export const ACCESSIBILITY_OPTIONS: readonly Option[] = [
  { value: 'false', label: 'Online' },
  { value: 'true', label: 'Offline' },
];
const CHANGE_TYPE_OPTIONS: readonly Option[] = CHANGE_TYPES.map((type) => ({ value: type, label: type }));

/** Customers and approvers offered: the server's lists, plus the change order's own when the lists lack them. */
const useParentChoices = (current?: ChangeOrderView) => {
  const customers = useApprovedCustomers();
  const approvers = useApprovers();
  const failed = customers.isError || approvers.isError;
  useEffect(() => {
    if (failed) notify('error', DOCUMENT_MESSAGES.fetchFailed);
  }, [failed]);
  const customerOptions = useMemo(() => {
    const offered: Option[] = (customers.data ?? []).map((customer) => ({ value: customer.id, label: customer.customerName }));
    if (current && !offered.some((option) => option.value === current.customerId)) {
      offered.unshift({ value: current.customerId, label: current.customerName });
    }
    return offered;
  }, [customers.data, current]);
  const approverOptions = useMemo(() => {
    const offered: Option[] = (approvers.data?.approverList ?? []).map((approver) => ({
      value: approver.id,
      label: approverChoiceLabel(approver),
    }));
    const approver = current?.approver;
    if (approver && !offered.some((option) => option.value === approver.id)) {
      offered.unshift({ value: approver.id, label: `${approver.name} (${approver.email})` });
    }
    return offered;
  }, [approvers.data, current]);
  return { customerOptions, approverOptions, loadingCustomers: customers.isPending, loadingApprovers: approvers.isPending };
};

/** Names a field of a form that holds the parent fields. */
type ParentName<T extends FieldValues> = FieldPath<T> & keyof ParentFormInput;

type ParentFieldsProps<T extends FieldValues> = {
  control: AnyControl<T>;
  /** After 'Add More Document' the wizard locks the parent (spec §4). */
  disabled?: boolean;
  /** 'Product Name' on both screens. */
  productNameLabel?: string;
  /** On Edit parent: the change order, whose customer and approver stay offered. */
  current?: ChangeOrderView;
  /** Rendered after the radios: the Start step's files, Edit parent's files and logo. */
  children?: ReactNode;
  /** The change order has a product description of its own (a revision, Edit parent): its field is shown. */
  productDescription?: boolean;
};

/**
 * The parent's fields, shared by the wizard's Start step and Edit parent (spec §2.9, §2.11): Product Name,
 * Accessibility, Change Type, Customer, Approver, Effective Date, Description of Change, Justification of Change.
 */
export const ParentFields = <T extends FieldValues>({
  control,
  disabled,
  productNameLabel = 'Product Name',
  current,
  children,
  productDescription = false,
}: ParentFieldsProps<T>) => {
  const choices = useParentChoices(current);
  const name = (field: keyof ParentFormInput) => field as ParentName<T>;
  return (
    <>
      {children}
      <Box sx={fullRow}>
        <RhfTextField control={control} name={name('productFamilyName')} label={productNameLabel} autoComplete="off" disabled={disabled} />
      </Box>
      <RadioField control={control} name={name('isInternal')} label="Accessibility" options={ACCESSIBILITY_OPTIONS} disabled={disabled} />
      <RadioField control={control} name={name('changeType')} label="Change Type" options={CHANGE_TYPE_OPTIONS} disabled={disabled} />
      <RhfTextField
        control={control}
        name={name('customerId')}
        label="Customer"
        select
        disabled={disabled || (choices.loadingCustomers && choices.customerOptions.length === 0)}
      >
        {choices.customerOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </RhfTextField>
      <RhfTextField
        control={control}
        name={name('approverId')}
        label="Approver"
        select
        disabled={disabled || (choices.loadingApprovers && choices.approverOptions.length === 0)}
      >
        {choices.approverOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </RhfTextField>
      <Controller
        control={control}
        name={name('effectiveDate')}
        render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
          <LocalizationProvider dateAdapter={AdapterDateFns}>
            <DatePicker
              label="Effective Date"
              format={EFFECTIVE_DATE_FORMAT}
              value={(value as Date | null) ?? null}
              onChange={(date) => onChange(date)}
              disabled={disabled}
              inputRef={ref}
              slotProps={{
                textField: { fullWidth: true, name: 'effectiveDate', onBlur, error: Boolean(error), helperText: error?.message },
              }}
            />
          </LocalizationProvider>
        )}
      />
      <Box sx={{ display: { xs: 'none', md: 'block' } }} />
      <RhfTextField control={control} name={name('changeDescription')} label="Description of Change" multiline minRows={3} disabled={disabled} />
      <RhfTextField control={control} name={name('changeJustification')} label="Justification of Change" multiline minRows={3} disabled={disabled} />
      {productDescription ? (
        <Box sx={fullRow}>
          <RhfTextField
            control={control}
            name={name('productFamilyDescription')}
            label="Product Description"
            helperText="The product family's description, kept apart from the description of change; empty, the description of change is used"
            multiline
            minRows={2}
            fullWidth
            disabled={disabled}
          />
        </Box>
      ) : null}
      <RhfTextField
        control={control}
        name={name('basicUdiDi')}
        label="Basic UDI-DI (optional)"
        helperText="The family's Basic UDI-DI, as registered in EUDAMED"
        autoComplete="off"
        disabled={disabled}
      />
      <SafetyRevisionField control={control} name={name('safetyRevision')} disabled={disabled} />
    </>
  );
};

/** What marking a change order a safety revision does, under its switch. */
export const SAFETY_REVISION_HELP =
  'When it is approved and takes effect, every visitor who downloaded a version it replaces through an emailed link is mailed once, with a link to the new version.';

/** The safety-revision switch, with what it does said under it. */
const SafetyRevisionField = <T extends FieldValues>({ control, name, disabled }: { control: AnyControl<T>; name: FieldPath<T>; disabled?: boolean }) => {
  const helpId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field } }) => (
        <FormControl sx={fullRow} disabled={disabled}>
          <FormControlLabel
            label="Safety revision"
            control={
              <Switch
                {...field}
                checked={Boolean(value)}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{ input: { ref, 'aria-describedby': helpId } }}
              />
            }
          />
          <FormHelperText id={helpId} sx={{ mt: -0.5 }}>
            {SAFETY_REVISION_HELP}
          </FormHelperText>
        </FormControl>
      )}
    />
  );
};

type CodeName = { code: string; name: string };

type CodeListFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  options: readonly CodeName[];
};

/** A searchable multi-select of codes (countries, languages) showing their names; the field holds the codes. */
const CodeListField = <T extends FieldValues>({ name, control, label, options }: CodeListFieldProps<T>) => {
  const byCode = useMemo(() => new Map(options.map((option) => [option.code, option])), [options]);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => {
        const chosen = Array.isArray(value) ? (value as string[]) : [];
        return (
          <Autocomplete
            multiple
            disableCloseOnSelect
            limitTags={4}
            options={options}
            value={chosen.map((code) => byCode.get(code) ?? { code, name: code })}
            onChange={(_event, picked) => onChange(picked.map((option) => option.code))}
            onBlur={onBlur}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, picked) => option.code === picked.code}
            renderInput={(params) => (
              <TextField {...params} inputRef={ref} label={label} error={Boolean(error)} helperText={error?.message} />
            )}
          />
        );
      }}
    />
  );
};

type ChildName<T extends FieldValues> = FieldPath<T> & keyof ChildStepInput;

/**
 * The child's fields, shared by the wizard's Change/New step, Edit child and Add child (spec §2.9, §2.10): IFU Number
 * (one name on every screen; helper text says it is the lot number), Part Number, Bill of Material,
 * Country, Language, keywords, Description of Change, Justification of Change.
 */
export const ChildFields = <T extends FieldValues>({ control }: { control: AnyControl<T> }) => {
  const name = (field: keyof ChildStepInput) => field as ChildName<T>;
  return (
    <>
      <RhfTextField
        control={control}
        name={name('associatedReferenceNumber')}
        label={IFU_NUMBER}
        helperText="The lot number this IFU (instructions for use) is issued for"
        autoComplete="off"
      />
      <RhfTextField control={control} name={name('productSubFamilyNameOne')} label="Part Number" autoComplete="off" />
      <RhfTextField control={control} name={name('billMaterialInformation')} label="Bill of Material" autoComplete="off" />
      <RhfTextField control={control} name={name('keywords')} label="Keywords" autoComplete="off" />
      <CodeListField control={control} name={name('countryList')} label="Country" options={COUNTRIES} />
      <CodeListField control={control} name={name('languageList')} label="Language" options={LANGUAGES} />
      <RhfTextField control={control} name={name('changeDescription')} label="Description of Change" multiline minRows={3} />
      <RhfTextField control={control} name={name('changeJustification')} label="Justification of Change" multiline minRows={3} />
      <RhfTextField
        control={control}
        name={name('gtin')}
        label="GTIN (optional)"
        helperText="The device's GTIN from its barcode (8, 12, 13 or 14 digits): the label's QR code then leads here"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: "numeric" } }}
      />
      <RhfTextField
        control={control}
        name={name('additionalLots')}
        label="Further lots (optional)"
        helperText={`Lots this leaflet also covers besides its ${IFU_NUMBER}, separated by commas`}
        autoComplete="off"
      />
      <RhfTextField
        control={control}
        name={name('serialRanges')}
        label="Serial numbers (optional)"
        helperText="Serials or ranges this leaflet covers, like 1000-1999, separated by commas"
        autoComplete="off"
      />
    </>
  );
};

type SignName<T extends FieldValues> = FieldPath<T> & keyof SignFormInput;

/** What a signature on a document form means, said above its credentials (the server records the same meaning). */
const SIGNATURE_MEANING_TEXT: Partial<Record<SignatureMeaning, string>> = {
  authorship: 'By signing you state that you wrote what you submit.',
  modification: 'By signing you state that you made these changes to the child document.',
};

/**
 * Username, Password and Comments: the signer's own credentials and why (spec §2.9 Preview, §2.10, §2.11), under
 * what the signature means (`authorship` for what is written, `modification` for a child edited).
 */
export const SignedFields = <T extends FieldValues>({ control, meaning }: { control: AnyControl<T>; meaning: SignatureMeaning }) => {
  const name = (field: keyof SignFormInput) => field as SignName<T>;
  // An untrained signer learns why the server will refuse, before typing their password.
  const signingBlocked = useSigningBlocked();
  return (
    <>
      {signingBlocked ? (
        <Box sx={fullRow}>
          <TrainingNotice />
        </Box>
      ) : null}
      <Typography variant="body2" color="textSecondary" sx={fullRow} data-testid="signature-meaning-text" data-meaning={meaning}>
        Signature meaning: {SIGNATURE_MEANING_LABELS[meaning]}. {SIGNATURE_MEANING_TEXT[meaning] ?? ''}
      </Typography>
      <RhfTextField control={control} name={name('username')} label="Username" autoComplete="username" />
      <RhfTextField control={control} name={name('password')} label="Password" type="password" autoComplete="current-password" />
      <Box sx={fullRow}>
        <RhfTextField control={control} name={name('comments')} label="Comments" multiline minRows={2} />
      </Box>
    </>
  );
};
