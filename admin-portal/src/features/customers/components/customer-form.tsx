import { COUNTRIES, CUSTOMER_MESSAGES, VISITOR_ACCESS_CHOICES, VISITOR_ACCESS_LABEL, VISITOR_ACCESS_NOTICE } from '@ifu/contracts';
import type { Country, CustomerView } from '@ifu/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { notify } from '@/components/ui/notifications';
import { paths } from '@/config/paths';
import { failureMessage, fieldErrors } from '@/lib/api-client';
import { useApproverEditGuard } from '@/components/ui/approver-edit-warning';
import { useApprovers } from '@/lib/api/get-approvers';
import { approverChoiceLabel } from '@/lib/approvers';

import { pendingLogoOwner } from '../api/get-customer-logo';
import { useAddCustomer, useUpdateCustomer } from '../api/save-customer';

import { CustomerLogo } from './customer-logo';
import { customerFormDefaults, customerFormSchema, toCustomerFormData } from './customer-form-values';
import type { CustomerFormInput, CustomerFormValues } from './customer-form-values';
import { LogoField } from './logo-field';
import { PendingChangeSection } from './pending-change';

const COUNTRY_BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((country) => [country.code, country]));

type ApproverOption = { id: string; label: string };

/** The approvers offered: the server's list, plus the customer's current approver when the list lacks them. */
const useApproverOptions = (customer?: CustomerView): { options: ApproverOption[]; loading: boolean } => {
  const approvers = useApprovers();
  const failed = approvers.isError;
  useEffect(() => {
    if (failed) notify('error', CUSTOMER_MESSAGES.approverListFailed);
  }, [failed]);

  const list = approvers.data?.approverList;
  const options = useMemo(() => {
    const offered: ApproverOption[] = (list ?? []).map((approver) => ({
      id: approver.id,
      label: approverChoiceLabel(approver),
    }));
    // The approved approver and the one a pending change names, when the list lacks them.
    for (const current of [customer?.pendingChange?.approver, customer?.approver]) {
      if (current && !offered.some((option) => option.id === current.id)) {
        offered.unshift({ id: current.id, label: `${current.name} (${current.email})` });
      }
    }
    return offered;
  }, [list, customer]);
  return { options, loading: approvers.isPending };
};

/**
 * Editing an approved customer: said before saving that the changes wait for the approver's signature and
 * the approved version stays public; a change already waiting is shown (the form starts from its values).
 */
const ApprovedEditNotice = ({ customer }: { customer: CustomerView }) => (
  <Alert severity="info" sx={{ mb: 2.5, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-testid="approved-edit-notice">
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {CUSTOMER_MESSAGES.approvedEditNotice}
    </Typography>
    {customer.pendingChange ? (
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          A change is already waiting for approval; the form shows it, and saving replaces it. Entering the approved
          values again withdraws it.
        </Typography>
        <PendingChangeSection customer={customer} headingId="customer-form-pending-title" headingLevel="h2" />
      </Box>
    ) : null}
  </Alert>
);

type CustomerFormProps = {
  /** The customer being edited; absent to add one. */
  customer?: CustomerView;
};

/** The server's field names (the multipart body's) and the form fields that show their 400 messages. */
const SERVER_FIELDS: Readonly<Record<string, keyof CustomerFormInput>> = {
  customerName: 'customerName',
  contactInformation: 'contactInformation',
  contactEmail: 'contactEmail',
  countryExclusionList: 'countries',
  approverId: 'approverId',
  customerWebsiteLink: 'customerWebsiteLink',
  customerLogo: 'customerLogo',
  visitorAccess: 'visitorAccess',
};

/** The choices as the form lists them, (a) to (c). */
const VISITOR_ACCESS_LETTER = { 'emailed-link': '(a)', 'scanned-document': '(b)', open: '(c)' } as const;

/** The Country field lists the countries EXCLUDED (spec §3 countryExclusionList): it says so. */
export const COUNTRY_HELP = 'The countries EXCLUDED for this customer (its country exclusion list), not the countries it serves. Leave empty to exclude none.';

/**
 * Customer form (spec §2.4, §5): Name, Contact Number, Logo, Email, Country, Approver, Website link; 'Add Customer'
 * or 'Update Customer'; success goes to /managecustomer.
 */
export const CustomerForm = ({ customer }: CustomerFormProps) => {
  const editing = customer !== undefined;
  const navigate = useNavigate();
  const schema = useMemo(() => customerFormSchema({ logoRequired: !editing }), [editing]);
  const { control, handleSubmit, setError } = useForm<CustomerFormInput, unknown, CustomerFormValues>({
    resolver: zodResolver(schema),
    defaultValues: customerFormDefaults(customer),
  });
  const approvers = useApproverOptions(customer);

  const done = (message: string) => {
    notify('success', message);
    void navigate(paths.app.customers.getHref());
  };
  /** A refusal naming fields (a 400, e.g. a logo too large) is shown next to them; any other refusal as a toast. */
  const refused = (fallback: string) => (error: unknown) => {
    const placed = fieldErrors(error).filter(({ field }) => field in SERVER_FIELDS);
    for (const { field, message } of placed) setError(SERVER_FIELDS[field]!, { type: 'server', message }, { shouldFocus: true });
    if (placed.length === 0) notify('error', failureMessage(fallback, error));
  };
  const addCustomer = useAddCustomer({
    mutationConfig: { onSuccess: (response) => done(response.message), onError: refused(CUSTOMER_MESSAGES.addFailed) },
  });
  const updateCustomer = useUpdateCustomer({
    mutationConfig: { onSuccess: (response) => done(response.message), onError: refused(CUSTOMER_MESSAGES.updateFailed) },
  });
  const busy = addCustomer.isPending || updateCustomer.isPending;

  // The customer's approver who edits it becomes its last editor and may no longer decide on it (nor on the change
  // the edit proposes): said and confirmed first.
  const approverEdit = useApproverEditGuard([customer?.approverId, customer?.pendingChange?.approverId], editing);
  const onSubmit = handleSubmit((values) => {
    if (customer) approverEdit.guard(() => updateCustomer.mutate({ data: toCustomerFormData(values, customer.id), version: customer.version }));
    else addCustomer.mutate({ data: toCustomerFormData(values) });
  });

  const pendingLogo = customer && pendingLogoOwner(customer);
  const currentLogo = pendingLogo ? (
    <CustomerLogo customer={{ ...pendingLogo, customerName: `${customer.customerName} (waiting for approval)` }} testId="customer-current-logo" />
  ) : customer?.logoUrl ? (
    <CustomerLogo customer={customer} testId="customer-current-logo" />
  ) : undefined;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {customer?.status === 'APPROVED' ? <ApprovedEditNotice customer={customer} /> : null}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? 'Update Customer' : 'Add Customer'}
        data-testid="customer-form"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5, alignItems: 'start' }}
      >
        <RhfTextField control={control} name="customerName" label="Name" autoComplete="off" autoFocus />
        <RhfTextField
          control={control}
          name="contactInformation"
          label="Contact Number"
          type="tel"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <LogoField
            control={control}
            name="customerLogo"
            label="Logo"
            current={currentLogo}
          />
        </Box>
        <RhfTextField
          control={control}
          name="contactEmail"
          label="Email"
          type="email"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <Controller
          control={control}
          name="countries"
          render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
            <Autocomplete
              multiple
              disableCloseOnSelect
              limitTags={4}
              options={COUNTRIES}
              value={value.map((code) => COUNTRY_BY_CODE.get(code) ?? { code, name: code })}
              onChange={(_event, chosen) => onChange(chosen.map((country) => country.code))}
              onBlur={onBlur}
              getOptionLabel={(country) => country.name}
              isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={ref}
                  label="Country"
                  error={Boolean(error)}
                  helperText={error?.message ?? COUNTRY_HELP}
                />
              )}
            />
          )}
        />
        <RhfTextField control={control} name="approverId" label="Approver" select disabled={approvers.loading && approvers.options.length === 0}>
          {approvers.options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </RhfTextField>
        <RhfTextField
          control={control}
          name="customerWebsiteLink"
          label="Website link"
          type="url"
          autoComplete="off"
          placeholder="https://"
          slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
        />
        <Controller
          control={control}
          name="visitorAccess"
          render={({ field: { ref, value, onChange, onBlur, name }, fieldState: { error } }) => (
            <FormControl component="fieldset" error={Boolean(error)} sx={{ gridColumn: '1 / -1' }} data-testid="visitor-access">
              <FormLabel component="legend" id="visitor-access-label">
                Reading without an emailed link
              </FormLabel>
              <RadioGroup name={name} value={value} onChange={(_event, chosen) => onChange(chosen)} onBlur={onBlur} aria-labelledby="visitor-access-label" aria-describedby="visitor-access-help">
                {VISITOR_ACCESS_CHOICES.map((choice, index) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio slotProps={{ input: { ref: index === 0 ? ref : undefined } }} />}
                    label={`${VISITOR_ACCESS_LETTER[choice]} ${VISITOR_ACCESS_LABEL[choice]}`}
                  />
                ))}
              </RadioGroup>
              <FormHelperText id="visitor-access-help">{error?.message ?? VISITOR_ACCESS_NOTICE}</FormHelperText>
            </FormControl>
          )}
        />
        {approverEdit.warning ? <Box sx={{ gridColumn: '1 / -1' }}>{approverEdit.warning}</Box> : null}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end', pt: 1 }}>
          <Button component={RouterLink} to={paths.app.customers.getHref()} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy} sx={{ minWidth: 160 }} data-testid="customer-form-submit">
            {editing ? 'Update Customer' : 'Add Customer'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
};
