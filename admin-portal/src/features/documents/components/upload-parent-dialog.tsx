import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { UploadParentResponse } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { useTimers } from '@/hooks/use-timers';
import { errorMessage } from '@/lib/api-client';

import { uploadParentFiles } from '../api/upload-document-files';
import { progressPerFile } from '../api/progress-per-file';
import type { UploadProgress } from '../api/progress-per-file';

import { FileProgress, UploadStatus } from './upload-progress';

/** The upload modal closes this long after 'Uploaded Successfully' (spec §2.9). */
export const UPLOAD_MODAL_CLOSE_MS = 1_000;

type Phase = { kind: 'confirm' } | { kind: 'uploading'; progress?: UploadProgress } | { kind: 'done' } | { kind: 'failed'; message: string };

type UploadParentDialogProps = {
  documents: readonly File[];
  /** None when a revision keeps the rejected change order's logo. */
  logo: File | null;
  onUploaded: (response: UploadParentResponse) => void;
  onClose: () => void;
};

/**
 * 'Upload All File' (spec §2.9): asks 'Are you Sure to Upload Documents', then sends the supporting PDFs and the logo
 * in one request with a progress bar per file (the bytes sent) and the upload's state ('Processing…' once every byte
 * is out, until the server answers), says 'Uploaded Successfully' and closes a second later. Mount it to open it.
 */
export const UploadParentDialog = ({ documents, logo, onUploaded, onClose }: UploadParentDialogProps) => {
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const timers = useTimers();
  const files = [...documents, ...(logo ? [logo] : [])];
  const percents = progressPerFile(
    files.map((file) => file.size),
    phase.kind === 'uploading' ? phase.progress : undefined,
    phase.kind === 'done',
  );
  const busy = phase.kind === 'uploading' || phase.kind === 'done';

  const upload = () => {
    setPhase({ kind: 'uploading' });
    uploadParentFiles({ documents, logo, onProgress: (progress) => setPhase({ kind: 'uploading', progress }) }).then(
      (response) => {
        setPhase({ kind: 'done' });
        onUploaded(response);
        timers.after(UPLOAD_MODAL_CLOSE_MS, onClose);
      },
      (error: unknown) => setPhase({ kind: 'failed', message: errorMessage(error, DOCUMENT_MESSAGES.uploadFailed) }),
    );
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="upload-parent-title"
      data-testid="upload-parent-dialog"
    >
      <DialogTitle id="upload-parent-title">{DOCUMENT_MESSAGES.uploadAllFile}</DialogTitle>
      <DialogContent>
        {phase.kind === 'confirm' ? (
          <DialogContentText>{DOCUMENT_MESSAGES.confirmUpload}</DialogContentText>
        ) : (
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {files.map((file, index) => (
              <FileProgress key={`${file.name}-${index}`} name={file.name} percent={percents[index] ?? 0} failed={phase.kind === 'failed'} />
            ))}
            {phase.kind === 'uploading' ? <UploadStatus progress={phase.progress} /> : null}
            {phase.kind === 'done' ? (
              <Alert severity="success" role="status" data-testid="upload-result">
                {DOCUMENT_MESSAGES.uploadedSuccessfully}
              </Alert>
            ) : null}
            {phase.kind === 'failed' ? (
              <Alert severity="error" role="alert" data-testid="upload-result">
                {phase.message}
              </Alert>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {phase.kind === 'done' ? null : (
          <Button onClick={onClose} color="inherit" disabled={busy}>
            Cancel
          </Button>
        )}
        {phase.kind === 'confirm' || phase.kind === 'failed' ? (
          <Button variant="contained" onClick={upload}>
            {phase.kind === 'failed' ? 'Try Again' : 'Upload'}
          </Button>
        ) : null}
        {phase.kind === 'uploading' ? (
          <Button variant="contained" loading>
            Upload
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
