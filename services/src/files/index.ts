// files/'s public entry: what the other features use of it (services/boundaries.js).
export { publicFileLimit, sendStoredFile } from './file-routes';
export { LocalFileStore } from './local-file-store';
export { openFileStore } from './open-file-store';
export { PdfWorkerPool, pdfWorkers, residentBytes, runPdfWorker, type CutReason, type PdfLimits } from './pdf-process';
export { StagingQuota } from './staging-quota';
export { acceptUploads, filePolicies, type Uploads } from './uploads';
