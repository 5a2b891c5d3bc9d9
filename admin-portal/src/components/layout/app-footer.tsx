import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { PRODUCT_NAME } from './brand';

/** 'powered by IFU Portal', '© 2021' (spec §1, §2.2). */
export const AppFooter = () => (
  <Box
    component="footer"
    data-testid="app-footer"
    sx={{
      py: 2,
      px: 3,
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'center',
      columnGap: 1,
      color: 'text.secondary',
    }}
  >
    <Typography variant="body2">powered by {PRODUCT_NAME}</Typography>
    <Typography variant="body2" aria-hidden>
      ·
    </Typography>
    <Typography variant="body2">© 2021</Typography>
  </Box>
);
