import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Keeps an id such as CO-2026-00042 on one line (a hyphen is otherwise a place to break). */
export const Nowrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

export const SectionTitle = ({ id, level = 'h3', children }: { id: string; level?: 'h3' | 'h4'; children: ReactNode }) => (
  <Typography id={id} variant="subtitle1" component={level} sx={{ fontWeight: 700, mb: 1 }}>
    {children}
  </Typography>
);
