import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const EMPTY = '—';

export type Fact = { label: string; value: ReactNode; testId: string };

type FactsProps = {
  items: Fact[];
  /** The label column's width from the sm breakpoint, in px. */
  labelWidth: number;
  /** Keeps the line breaks a value holds (texts typed on several lines). */
  keepLineBreaks?: boolean;
};

/**
 * A record's facts as a definition list: label and value side by side from the sm breakpoint, stacked on a phone;
 * long values wrap anywhere; an empty value shows as a dash.
 */
export const Facts = ({ items, labelWidth, keepLineBreaks = false }: FactsProps) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `${labelWidth}px minmax(0, 1fr)` },
      columnGap: 2,
      rowGap: { xs: 0.25, sm: 1.25 },
      alignItems: 'start',
    }}
  >
    {items.map(({ label, value, testId }) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography
          component="dt"
          variant="body2"
          color="textSecondary"
          sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 }, lineHeight: { sm: '24px' } }}
        >
          {label}
        </Typography>
        <Typography
          component="dd"
          variant="body2"
          sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: keepLineBreaks ? 'pre-line' : undefined, lineHeight: { sm: '24px' } }}
          data-testid={testId}
        >
          {value === '' || value === null ? EMPTY : value}
        </Typography>
      </Box>
    ))}
  </Box>
);
