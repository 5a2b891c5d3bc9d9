import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import Search from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { RhfCheckbox } from '@/components/ui/form/rhf-checkbox';
import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { notify } from '@/components/ui/notifications';
import { useApprovedCustomers } from '@/lib/api/approved-customers';
import { errorMessage } from '@/lib/api-client';

import { EMPTY_SEARCH, SEARCH_FIELD_MAX, searchParamsOf, type SearchFormValues, type SearchRequest } from './search-criteria';

type DocumentSearchFormProps = {
  /** The search shown (from the address): the form shows it, also after Back and Forward. */
  shown: SearchRequest | undefined;
  onSearch: (values: SearchFormValues) => void;
  searching: boolean;
};

const noAutofill = { autoComplete: 'off', spellCheck: false } as const;

/** What Archive Search finds: it swaps the current versions for the superseded ones. */
export const ARCHIVE_SEARCH_HELP =
  'Ticked, the search finds only superseded versions: approved documents replaced by a newer version or deactivated (past their obsolete date). Unticked, it finds current and pending ones. Rejected change orders are in neither: see All Documents.';

/**
 * The internal search's fields (spec §2.8): Search field, ChangeOrder Number, Product Name, Customer Name (one of the
 * approved customers), Archive Search, and Submit. Every field is optional. The other three side by side on a wide screen, two on a
 * tablet, one under the other on a phone; the Search field has a row of its own.
 */
export const DocumentSearchForm = ({ shown, onSearch, searching }: DocumentSearchFormProps) => {
  const { control, handleSubmit, reset } = useForm<SearchFormValues>({ defaultValues: shown ?? EMPTY_SEARCH });

  // Back and Forward move between searches: the fields follow the address.
  const shownKey = shown ? searchParamsOf(shown).toString() : '';
  useEffect(() => {
    reset(shown ?? EMPTY_SEARCH);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` is new on every render; its key is what matters
  }, [shownKey, reset]);

  const customers = useApprovedCustomers();
  const { isError: customersFailed, errorUpdatedAt } = customers;
  useEffect(() => {
    if (customersFailed) notify('error', errorMessage(customers.error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [customersFailed, errorUpdatedAt]);
  const customerNames = useMemo(() => (customers.data ?? []).map((customer) => customer.customerName), [customers.data]);

  return (
    <Paper
      component="form"
      role="search"
      aria-label="Search documents"
      noValidate
      variant="outlined"
      onSubmit={handleSubmit(onSearch)}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="document-search-form"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        <RhfTextField
          sx={{ gridColumn: '1 / -1' }}
          control={control}
          name="keywords"
          label={DOCUMENT_MESSAGES.searchField}
          type="search"
          slotProps={{ htmlInput: { ...noAutofill, maxLength: SEARCH_FIELD_MAX.keywords, enterKeyHint: 'search' } }}
        />
        <RhfTextField
          control={control}
          name="changeOrderNo"
          label={DOCUMENT_MESSAGES.changeOrderNumber}
          slotProps={{ htmlInput: { ...noAutofill, maxLength: SEARCH_FIELD_MAX.changeOrderNo, autoCapitalize: 'characters' } }}
        />
        <RhfTextField
          control={control}
          name="productName"
          label={DOCUMENT_MESSAGES.productName}
          slotProps={{ htmlInput: { ...noAutofill, maxLength: SEARCH_FIELD_MAX.productName } }}
        />
        <Controller
          control={control}
          name="customerName"
          render={({ field: { ref, value, onChange, onBlur } }) => {
            // A customer no longer approved stays shown when a search from before names it.
            const options = value && !customerNames.includes(value) ? [value, ...customerNames] : customerNames;
            return (
              <Autocomplete
                options={options}
                value={value || null}
                onChange={(_event, chosen) => onChange(chosen ?? '')}
                onBlur={onBlur}
                loading={customers.isPending}
                autoHighlight
                noOptionsText="No approved customers"
                renderInput={(params) => <TextField {...params} inputRef={ref} label={DOCUMENT_MESSAGES.customerName} />}
                sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
              />
            );
          }}
        />
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <RhfCheckbox control={control} name="isArchieveSearch" label={DOCUMENT_MESSAGES.archiveSearch} helperText={ARCHIVE_SEARCH_HELP} />
        <Button type="submit" variant="contained" size="large" startIcon={<Search />} loading={searching} sx={{ minWidth: 140 }}>
          {DOCUMENT_MESSAGES.submit}
        </Button>
      </Stack>
    </Paper>
  );
};
