/** Bytes sent so far of the whole request body. */
export type UploadProgress = { loaded: number; total: number };

/**
 * Each file's share of the progress of one multipart request that sends them in this order: the bytes sent so far
 * are laid over the files' sizes, one after the other (the parts' headers are small against a PDF). A finished
 * request is 100 for every file.
 */
export const progressPerFile = (sizes: readonly number[], progress: UploadProgress | undefined, done = false): number[] => {
  if (done) return sizes.map(() => 100);
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
    // A file is 100 only when the server has answered.
    return Math.round(Math.min(99, Math.max(0, fraction * 100)));
  });
};
