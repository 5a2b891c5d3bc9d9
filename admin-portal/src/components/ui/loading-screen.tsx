import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export const LoadingScreen = ({ fullHeight = true }: { fullHeight?: boolean }) => (
  <Box
    sx={{
      minHeight: fullHeight ? '100vh' : 240,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    }}
  >
    <CircularProgress aria-label="Loading" />
  </Box>
);
