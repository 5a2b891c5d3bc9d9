import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** One file's upload: its name, a determinate bar (a progressbar named after the file) and the percentage. */
export const FileProgress = ({ name, percent, failed }: { name: string; percent: number; failed?: boolean }) => (
  <Box data-testid="upload-progress" sx={{ minWidth: 0 }}>
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        {name}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ flex: 'none' }} data-testid="upload-percent">
        {percent}%
      </Typography>
    </Box>
    <LinearProgress
      variant="determinate"
      value={percent}
      color={failed ? 'error' : percent === 100 ? 'success' : 'primary'}
      aria-label={`Upload of ${name}`}
      sx={{ height: 8, borderRadius: 4 }}
    />
  </Box>
);
