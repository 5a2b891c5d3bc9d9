import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import { useCallback, useRef, useState } from 'react';

import { errorMessage } from '@/lib/api-client';

import { uploadChildFile } from '../api/upload-document-files';
import { progressPerFile } from '../api/progress-per-file';
import type { UploadProgress } from '../api/progress-per-file';

/** The Change/New step's one upload: which file, how far, and the id the server gave it. */
export type ChildUpload = {
  file: File;
  percent: number;
  uploading: boolean;
  /** While uploading: the bytes sent, and `sent` once the server is processing the file. */
  progress?: UploadProgress;
  /** Set once the server has it. */
  id?: string;
  message?: string;
  error?: string;
};

/**
 * 'Upload File' of the Change/New step (spec §2.9): uploads one child PDF with its progress. `upload` answers the
 * file's id, at once when this very file is already uploaded.
 */
export const useChildUpload = () => {
  const [state, setState] = useState<ChildUpload | null>(null);
  const latest = useRef<ChildUpload | null>(null);
  const set = useCallback((next: ChildUpload | null) => {
    latest.current = next;
    setState(next);
  }, []);

  const upload = useCallback(
    async (file: File): Promise<string | undefined> => {
      const current = latest.current;
      if (current?.file === file && current.id) return current.id;
      set({ file, percent: 0, uploading: true });
      try {
        const response = await uploadChildFile({
          file,
          onProgress: (progress) => {
            if (latest.current?.file === file) set({ file, uploading: true, progress, percent: progressPerFile([file.size], progress)[0] ?? 0 });
          },
        });
        if (latest.current?.file === file) set({ file, uploading: false, percent: 100, id: response.uploadChildDocumentFileId, message: response.message });
        return response.uploadChildDocumentFileId;
      } catch (error) {
        if (latest.current?.file === file) set({ file, uploading: false, percent: 0, error: errorMessage(error, DOCUMENT_MESSAGES.uploadFailed) });
        return undefined;
      }
    },
    [set],
  );

  /** A saved child back in the form: its file is uploaded already. */
  const restore = useCallback((file: File, id: string) => set({ file, percent: 100, uploading: false, id }), [set]);
  const clear = useCallback(() => set(null), [set]);

  return { state, upload, restore, clear };
};
