import type { PaperCopyRequestRecord } from '@ifu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';

import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { failureMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';
import { shownDay, shownUtcMinute } from '@/lib/dates';

import { useDispatchPaperCopy } from '../api/dispatch-paper-copy';
import { type PaperCopyStatusFilter, usePaperCopyRequests } from '../api/get-paper-copy-requests';

const COLUMNS = ['Due date', 'Document', 'Copies', 'Requester', 'Requested on', 'Status'] as const;


/**
 * Paper copies (EU 2021/2226): the requests by urgency (the longest overdue first, then the soonest due),
 * overdue ones marked; an ADMIN marks one dispatched (the server checks the role, as the account is now).
 */
export const PaperCopyRequests = () => {
  const session = useSession();
  const isAdmin = session?.role === 'ADMIN';
  const theme = useTheme();
  // On a phone each request is a card: a table of six columns would scroll sideways, its button out of sight.
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [status, setStatus] = useState<PaperCopyStatusFilter>('open');
  const requests = usePaperCopyRequests({ status });
  const dispatch = useDispatchPaperCopy({
    mutationConfig: {
      onSuccess: (answer) => notify('success', `${answer.message}: ${answer.request.documentNumber}`),
      onError: (error) => notify('error', failureMessage('Failed to mark the paper copy dispatched', error)),
    },
  });
  const list = requests.data?.list ?? [];
  const overdue = list.filter((r) => r.overdue).length;

  /** Each column's content for one request: a table row on wide screens, a card on a phone. */
  const cells = (request: PaperCopyRequestRecord): Record<(typeof COLUMNS)[number], ReactNode> => ({
    'Due date': (
      <>
        <Typography variant="body2" component="span" sx={{ fontWeight: request.overdue ? 700 : 400, whiteSpace: 'nowrap' }}>
          {shownDay(request.dueDate)}
        </Typography>
        {request.overdue ? <Chip size="small" color="error" label="Overdue" sx={{ ml: 1 }} /> : null}
      </>
    ),
    Document: (
      <>
        {request.documentNumber} (version {request.documentVersion})
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {request.docName}
        </Typography>
        {request.reference ? (
          <Typography variant="body2" data-testid="paper-copy-reference">
            Reference <strong>{request.reference}</strong>
          </Typography>
        ) : null}
      </>
    ),
    Copies: request.quantity,
    Requester: (
      <>
        {request.name}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {request.address}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {request.email}
        </Typography>
      </>
    ),
    'Requested on': shownDay(request.requestedOn),
    Status:
      request.status === 'DISPATCHED' ? (
        <span>
          Dispatched {request.dispatchedAt ? shownUtcMinute(request.dispatchedAt) : ''} by {request.dispatchedByName}
        </span>
      ) : isAdmin ? (
        <Button
          variant="contained"
          size="small"
          disabled={dispatch.isPending}
          aria-label={`Mark dispatched: ${request.quantity} × ${request.documentNumber} for ${request.name}`}
          onClick={() => dispatch.mutate({ requestId: request.requestId })}
        >
          Mark dispatched
        </Button>
      ) : (
        'Open'
      ),
  });
  const overdueTint = (request: PaperCopyRequestRecord) => (request.overdue ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : {});

  const row = (request: PaperCopyRequestRecord) => {
    const content = cells(request);
    return (
      <TableRow key={request.requestId} data-testid="paper-copy-row" data-overdue={request.overdue} sx={overdueTint(request)}>
        {COLUMNS.map((column) => (
          <TableCell key={column}>{content[column]}</TableCell>
        ))}
      </TableRow>
    );
  };

  const card = (request: PaperCopyRequestRecord) => {
    const content = cells(request);
    return (
      <Box component="li" key={request.requestId} data-testid="paper-copy-row" data-overdue={request.overdue} sx={{ p: 2, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' }, ...overdueTint(request) }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 7.5rem) minmax(0, 1fr)', columnGap: 1.5, rowGap: 1 }}>
          {COLUMNS.map((column) => (
            <Box key={column} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
                {column}
              </Typography>
              <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                {content[column]}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    );
  };

  return (
    <Page
      title="Paper Copies"
      actions={
        <ToggleButtonGroup exclusive size="small" value={status} onChange={(_event, value: PaperCopyStatusFilter | null) => value && setStatus(value)} aria-label="Which requests">
          <ToggleButton value="open">Open</ToggleButton>
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Typography role="status" variant="body2" sx={{ mt: -2, mb: 1 }} data-testid="paper-copy-summary">
        {requests.isSuccess ? `${list.length} ${status === 'open' ? 'open ' : ''}request${list.length === 1 ? '' : 's'}${overdue > 0 ? `, ${overdue} overdue` : ''}. A paper copy is due within 7 calendar days of its request.` : ''}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {requests.isError ? (
          <RetryAlert sx={{ m: 2 }} onRetry={() => void requests.refetch()}>
            {failureMessage('Failed to load the paper-copy requests', requests.error)}
          </RetryAlert>
        ) : isPhone ? (
          <Box component="ul" aria-label="Paper-copy requests" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map(card)}
            {requests.isSuccess && list.length === 0 ? (
              <Box component="li" sx={{ p: 2 }}>
                No requests
              </Box>
            ) : null}
          </Box>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Paper-copy requests table">
            <Table size="small" aria-label="Paper-copy requests">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} scope="col" sx={{ fontWeight: 600 }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map(row)}
                {requests.isSuccess && list.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>No requests</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Page>
  );
};
