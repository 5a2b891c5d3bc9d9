/**
 * Bytes sent so far of the whole request body. `sent` once the last byte is out: the server is then processing the
 * upload (checking and storing the files) and its answer is still to come.
 */
export type UploadProgress = { loaded: number; total: number; sent?: boolean };

/**
 * Each file's share of the progress of one multipart request that sends them in this order: the bytes sent so far
 * are laid over the files' sizes, one after the other (the parts' headers are small against a PDF). A file's bar is
 * 100 once its bytes are sent; what follows (the server's processing) is a state of its own, not a bar stuck at 99.
 */
export const progressPerFile = (sizes: readonly number[], progress: UploadProgress | undefined, done = false): number[] => {
  if (done || progress?.sent) return sizes.map(() => 100);
  if (!progress || progress.total === 0) return sizes.map(() => 0);
  const sum = sizes.reduce((total, size) => total + size, 0);
  // What the multipart framing adds, spread before each file.
  const overhead = Math.max(0, progress.total - sum) / Math.max(1, sizes.length);
  let offset = 0;
  return sizes.map((size) => {
    const start = offset + overhead;
    offset = start + size;
    if (size === 0) return progress.loaded >= start ? 100 : 0;
    const fraction = (progress.loaded - start) / size;
    return Math.floor(Math.min(100, Math.max(0, fraction * 100)));
  });
};

/** The whole request's percentage sent (0 to 100). */
export const percentSent = (progress: UploadProgress | undefined): number => {
  if (!progress) return 0;
  if (progress.sent) return 100;
  return progress.total > 0 ? Math.floor(Math.min(100, (progress.loaded / progress.total) * 100)) : 0;
};
