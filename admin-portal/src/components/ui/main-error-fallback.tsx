import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** What a render failure shows (spec §2.13). */
export const MainErrorFallback = () => (
  <Box
    role="alert"
    data-testid="error-fallback"
    sx={{
      minHeight: '60vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      textAlign: 'center',
      gap: 1.5,
      p: 3,
    }}
  >
    <ErrorOutline color="error" sx={{ fontSize: 56 }} />
    <Typography variant="h5" component="h2">
      Something Went Wrong
    </Typography>
    <Typography color="textSecondary">Some Issues While Loading...</Typography>
    <Button variant="outlined" onClick={() => window.location.assign(window.location.origin)} sx={{ mt: 1 }}>
      Refresh
    </Button>
  </Box>
);
