import type { HistoryEntry } from '@ifu/contracts';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { localTime, MEANING_LABEL, shown, utcTime } from './format';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' } as const;

/** One event: who, when, what changed (old → new), why, its signature and its place in the hash chain. */
const EntryRow = ({ entry }: { entry: HistoryEntry }) => (
  <TableRow data-testid="history-entry" data-position={entry.position} sx={{ verticalAlign: 'top' }}>
    <TableCell>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        #{entry.position}
      </Typography>
      <Typography variant="caption" component="div" color="textSecondary">
        {entry.streamId} v{entry.streamVersion}
      </Typography>
      <Box component="div" sx={mono} title="Hash (HMAC-SHA256 chain)">
        {entry.hash}
      </Box>
    </TableCell>
    <TableCell>
      <Typography variant="body2">{utcTime(entry.recordedAt)}</Typography>
      <Typography variant="caption" color="textSecondary">
        {localTime(entry.recordedAt)}
      </Typography>
    </TableCell>
    <TableCell>
      <Typography variant="body2">{entry.actor.name || '—'}</Typography>
      <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {entry.actor.email}
      </Typography>
    </TableCell>
    <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
      <Typography variant="body2">{entry.action}</Typography>
      <Typography variant="caption" color="textSecondary">
        {entry.type}
      </Typography>
    </TableCell>
    <TableCell data-testid="history-changes">
      {entry.changes.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No field changed
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {entry.changes.map((change) => (
            <Box component="li" key={change.field} sx={{ overflowWrap: 'anywhere' }} data-testid="history-change">
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {change.field}:
              </Typography>{' '}
              <Typography variant="body2" component="span">
                {shown(change.old)} → {shown(change.new)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </TableCell>
    <TableCell>
      {entry.why.map((why) => (
        <Typography key={why.label} variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          <strong>{why.label}:</strong> {why.text}
        </Typography>
      ))}
    </TableCell>
    <TableCell>
      {entry.signature ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {MEANING_LABEL[entry.signature.meaning]}
          </Typography>
          <Typography variant="caption" component="div">
            {entry.signature.name} ({entry.signature.email})
          </Typography>
          <Typography variant="caption" component="div" color="textSecondary">
            {utcTime(entry.signature.signedAt)}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="textSecondary">
          Not signed
        </Typography>
      )}
    </TableCell>
  </TableRow>
);

/** The record's history, oldest first, as the log holds it. */
export const HistoryTable = ({ entries }: { entries: HistoryEntry[] }) => (
  <TableContainer tabIndex={0} role="region" aria-label="Record history (scrolls sideways)">
    <Table size="small" aria-label="Record history" data-testid="history-table">
      <TableHead>
        <TableRow>
          <TableCell scope="col" sx={{ width: 170 }}>
            Chain position
          </TableCell>
          <TableCell scope="col">When</TableCell>
          <TableCell scope="col">Who</TableCell>
          <TableCell scope="col" sx={{ minWidth: 200, maxWidth: 320 }}>
            What happened
          </TableCell>
          <TableCell scope="col" sx={{ minWidth: 320 }}>
            What changed (old → new)
          </TableCell>
          <TableCell scope="col" sx={{ minWidth: 150 }}>
            Why
          </TableCell>
          <TableCell scope="col" sx={{ minWidth: 150 }}>
            Signature
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <EntryRow key={entry.position} entry={entry} />
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
