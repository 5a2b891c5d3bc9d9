import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageProps = { title: string; actions?: ReactNode; children?: ReactNode };

/** A logged-in screen: its title (the page's h1) and content. */
export const Page = ({ title, actions, children }: PageProps) => (
  <Box component="section" aria-labelledby="page-title">
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="page-title">
        {title}
      </Typography>
      {actions}
    </Box>
    {children}
  </Box>
);

/** Content of a screen that a later issue fills in. */
export const PlaceholderContent = ({ children }: { children?: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 3 }}>
    <Typography color="textSecondary">{children ?? 'This screen is not available yet.'}</Typography>
  </Paper>
);
