import { AuditRecordKind } from '@ifu/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { type RecordOption, useFindRecords } from '../api/find-records';

import { KIND_LABEL } from './format';

type RecordPickerProps = {
  kind: AuditRecordKind;
  id: string;
  /** The shown record's name, once known: the field shows it instead of the id. */
  name?: string;
  onShow: (record: { kind: AuditRecordKind; id: string; name?: string }) => void;
};

/**
 * Which record to review: its kind, then the record found by name in the list the other screens use (typing searches
 * it), or its id typed or pasted as it is. Once a record is shown, the field names it (never its id alone).
 */
export const RecordPicker = ({ kind: shownKind, id: shownId, name, onShow }: RecordPickerProps) => {
  const [kind, setKind] = useState<AuditRecordKind>(shownKind);
  const [input, setInput] = useState(name ?? shownId);
  const [picked, setPicked] = useState<RecordOption | null>(name && shownId ? { id: shownId, label: name } : null);
  const found = useFindRecords(kind, picked ? '' : input);
  const id = picked?.id ?? input.trim();

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      aria-label="Record"
      onSubmit={(event) => {
        event.preventDefault();
        if (id) onShow({ kind, id, ...(picked ? { name: picked.label } : {}) });
      }}
    >
      <TextField
        select
        label="Record type"
        value={kind}
        onChange={(event) => {
          setKind(AuditRecordKind.parse(event.target.value));
          setPicked(null);
          setInput('');
        }}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'record-kind' } } }}
      >
        {AuditRecordKind.options.map((option) => (
          <MenuItem key={option} value={option}>
            {KIND_LABEL[option]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<RecordOption, false, false, true>
        freeSolo
        fullWidth
        // The list opens inside the page's main landmark, not at the end of <body> (axe: region).
        disablePortal
        options={found.data ?? []}
        loading={found.isFetching}
        value={picked}
        inputValue={input}
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        isOptionEqualToValue={(option, value) => typeof value !== 'string' && option.id === value.id}
        onInputChange={(_event, value, reason) => {
          setInput(value);
          if (reason === 'input' || reason === 'clear') setPicked(null);
        }}
        onChange={(_event, value) => setPicked(typeof value === 'string' || value === null ? null : value)}
        renderInput={(params) => (
          <TextField {...params} label="Record (search by name, or paste its id)" name="recordId" />
        )}
      />
      <Button type="submit" variant="contained" disabled={!id} sx={{ minWidth: 160, alignSelf: { md: 'center' } }} data-testid="show-history">
        Show History
      </Button>
    </Stack>
  );
};
