import { AuditRecordKind } from '@ifu/contracts';
import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage, fieldErrors } from '@/lib/api-client';

import { type HistoryRequest, useRecordHistory } from '../api/get-record-history';

import { KIND_LABEL, shownAuditDay, utcTime } from './format';
import { HistoryFilters, type HistoryFilterValues } from './history-filters';
import { HistoryTable } from './history-table';
import { PrintStyles } from './print-styles';
import { RecordPicker } from './record-picker';
import { ReviewsPanel } from './reviews-panel';

const FILTERS = ['from', 'to', 'actor', 'type'] as const;

/** A filter as the screen says it: its days dd/MM/yyyy, as every date on screen. */
const filterText = (name: (typeof FILTERS)[number], value: string) => (name === 'from' || name === 'to' ? shownAuditDay(value) : value);

/** The record and filters the address names (`?kind=changeOrder&id=…&from=…`): a review can be linked and reloaded. */
function requestOf(params: URLSearchParams): HistoryRequest | undefined {
  const kind = AuditRecordKind.safeParse(params.get('kind'));
  const id = params.get('id')?.trim();
  if (!kind.success || !id) return undefined;
  return { kind: kind.data, id, ...Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : []))) };
}

const History = ({ request, onFilter }: { request: HistoryRequest; onFilter: (values: HistoryFilterValues) => void }) => {
  const history = useRecordHistory({ request });
  const refusedFilters = fieldErrors(history.error).filter((error) => (FILTERS as readonly string[]).includes(error.field));

  return (
    <Paper variant="outlined" component="section" aria-labelledby="history-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="history">
      <Typography id="history-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="history-title">
        {KIND_LABEL[request.kind]}: {history.data?.title ?? request.id}
      </Typography>
      {history.data ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          From the event log ({history.data.streams.join(', ')}): {history.data.entries.length} of {history.data.total} events listed
          {FILTERS.some((name) => request[name]) ? ` (filtered: ${FILTERS.filter((name) => request[name]).map((name) => `${name} ${filterText(name, request[name]!)}`).join(', ')})` : ''}. Printed{' '}
          {utcTime(new Date().toISOString())}.
        </Typography>
      ) : null}
      <Stack spacing={2}>
        <HistoryFilters key={JSON.stringify(request)} values={request} eventTypes={history.data?.eventTypes ?? []} errors={refusedFilters} onApply={onFilter} />
        {history.isError && refusedFilters.length === 0 ? (
          <RetryAlert onRetry={() => void history.refetch()}>{errorMessage(history.error)}</RetryAlert>
        ) : null}
        {history.isPending ? <Typography color="textSecondary">Loading the history…</Typography> : null}
        {history.data?.truncated ? (
          <Alert severity="warning">Only the first {history.data.entries.length} events are listed: narrow the filters to see the rest.</Alert>
        ) : null}
        {history.data && history.data.entries.length === 0 ? <Typography color="textSecondary">No event matches the filters.</Typography> : null}
        {history.data && history.data.entries.length > 0 ? <HistoryTable entries={history.data.entries} /> : null}
      </Stack>
    </Paper>
  );
};

/**
 * Audit Trail Review (ADMIN; EU GMP Annex 11 §9, 21 CFR 11.10(e)): a record's whole history read from the log, what
 * each event changed, why and by whom; the signed reviews of date ranges and what is not reviewed yet. Printable.
 */
export const AuditReview = () => {
  const [params, setParams] = useSearchParams();
  const request = requestOf(params);
  // The shown record's name for the picker: as it was picked, else (an address opened as it is) the history's title.
  const [picked, setPicked] = useState<{ kind: AuditRecordKind; id: string; name: string }>();
  const title = useRecordHistory({ request }).data?.title;
  const name = picked && request && picked.kind === request.kind && picked.id === request.id ? picked.name : title;

  const show = (next: Partial<HistoryRequest>) => {
    const merged: Record<string, string | undefined> = { ...request, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => Boolean(entry[1]))));
  };

  return (
    <Page
      title="Audit Trail Review"
      actions={
        <Button className="no-print" variant="outlined" startIcon={<Print />} onClick={() => window.print()} data-testid="print">
          Print
        </Button>
      }
    >
      <PrintStyles />
      <Stack spacing={3}>
        <Paper variant="outlined" className="no-print" sx={{ p: { xs: 2, sm: 3 } }}>
          <RecordPicker
            // Shown afresh for another record, and once its name is known.
            key={`${request?.kind}-${request?.id}-${name === undefined ? 'id' : 'named'}`}
            kind={request?.kind ?? 'changeOrder'}
            id={request?.id ?? ''}
            name={name}
            onShow={({ kind, id, name: pickedName }) => {
              setPicked(pickedName ? { kind, id, name: pickedName } : undefined);
              setParams({ kind, id });
            }}
          />
        </Paper>
        {request ? (
          <History request={request} onFilter={(values) => show({ from: undefined, to: undefined, actor: undefined, type: undefined, ...values })} />
        ) : (
          <Typography color="textSecondary" className="no-print">
            Choose a user, customer, change order or notice to see its whole history from the audit trail.
          </Typography>
        )}
        <ReviewsPanel />
      </Stack>
    </Page>
  );
};
