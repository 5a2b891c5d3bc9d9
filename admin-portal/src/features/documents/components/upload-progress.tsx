import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { percentSent } from '../api/progress-per-file';
import type { UploadProgress } from '../api/progress-per-file';

import { fileSize } from './file-fields';

/** What an upload shows once every byte is sent and the server's answer is still to come. */
export const PROCESSING_TEXT = 'Processing…';

/** One file's upload: its name, a determinate bar (a progressbar named after the file) and the percentage of its bytes sent. */
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

type UploadStatusProps = {
  /** The request's bytes sent (and `sent` once all are); undefined before the first byte. */
  progress: UploadProgress | undefined;
  /** Without per-file bars (Edit parent, Edit child): a bar of the bytes sent here too. */
  withBar?: boolean;
};

/**
 * The state of one upload in words: 'Uploading… 40%' with the bytes sent while they go, then
 * 'Processing…' once the last byte is out and the server is checking and storing the files, until it answers. The
 * state word is a live region; the byte counts are not (they change many times a second).
 */
export const UploadStatus = ({ progress, withBar = false }: UploadStatusProps) => {
  const processing = progress?.sent === true;
  const percent = percentSent(progress);
  return (
    <Box data-testid="upload-status" data-phase={processing ? 'processing' : 'uploading'} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1.5, mb: 0.5 }}>
        <Typography variant="body2" role="status" sx={{ fontWeight: 600 }} data-testid="upload-phase">
          {processing ? PROCESSING_TEXT : 'Uploading…'}
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="upload-bytes">
          {processing
            ? `${fileSize(progress.total)} sent; the server is checking and storing the files`
            : progress && progress.total > 0
              ? `${percent}% · ${fileSize(progress.loaded)} of ${fileSize(progress.total)}`
              : 'Starting…'}
        </Typography>
      </Box>
      {withBar || processing ? (
        <LinearProgress
          variant={processing ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={processing ? 'Processing the upload' : 'Upload'}
          sx={{ height: 6, borderRadius: 3 }}
        />
      ) : null}
    </Box>
  );
};
