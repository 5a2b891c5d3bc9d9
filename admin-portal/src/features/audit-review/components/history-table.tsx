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
const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * The columns and their share of the table. From 1200 px of window (the side menu beside it, 1280 px included) the
 * table is as wide as its panel and every text wraps inside its column: nothing scrolls sideways. Narrower, the table
 * keeps a width it can be read at and its region scrolls sideways.
 */
const COLUMNS = [
  { title: 'Chain position', width: '14%' },
  { title: 'When and who', width: '16%' },
  { title: 'What happened', width: '22%' },
  { title: 'What changed (old → new)', width: '26%' },
  { title: 'Why', width: '10%' },
  { title: 'Signature', width: '12%' },
] as const;

/** One event: when and who, what changed (old → new, by the screens' labels and names), why, its signature, its place in the hash chain. */
const EntryRow = ({ entry }: { entry: HistoryEntry }) => (
  <TableRow data-testid="history-entry" data-position={entry.position} sx={{ verticalAlign: 'top' }}>
    <TableCell>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        #{entry.position}
      </Typography>
      <Typography variant="caption" component="div" color="textSecondary" sx={wrap}>
        {entry.streamId} v{entry.streamVersion}
      </Typography>
      <Box component="div" sx={mono} title="Hash (HMAC-SHA256 chain)">
        {entry.hash}
      </Box>
    </TableCell>
    <TableCell>
      <Typography variant="body2">{utcTime(entry.recordedAt)}</Typography>
      <Typography variant="caption" component="div" color="textSecondary">
        {localTime(entry.recordedAt)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, ...wrap }}>
        {entry.actor.name || '—'}
      </Typography>
      <Typography variant="caption" component="div" color="textSecondary" sx={wrap}>
        {entry.actor.email}
      </Typography>
    </TableCell>
    <TableCell sx={wrap}>
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
            <Box component="li" key={change.field} sx={wrap} data-testid="history-change" data-field={change.field}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {change.label}:
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
        <Typography key={why.label} variant="body2" sx={{ ...wrap, whiteSpace: 'pre-line' }}>
          <strong>{why.label}:</strong> {why.text}
        </Typography>
      ))}
    </TableCell>
    <TableCell sx={wrap}>
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
  <TableContainer tabIndex={0} role="region" aria-label="Record history (scrolls sideways on a narrow screen)" data-testid="history-region">
    <Table size="small" aria-label="Record history" data-testid="history-table" sx={{ tableLayout: 'fixed', width: '100%', minWidth: { xs: 880, lg: 0 } }}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column.title} scope="col" sx={{ width: column.width }}>
              {column.title}
            </TableCell>
          ))}
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
