import { UploadChildResponse, UploadParentResponse } from '@ifu/contracts';

import { toChildUploadFormData, toParentUploadFormData } from '../components/document-form-values';

import { uploadWithProgress } from './upload-with-progress';
import type { UploadProgress } from './progress-per-file';

type Progress = { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal };

/**
 * POST /document/addDocumentFiles with `isParent=true`: the Start step's supporting PDFs (0 to 4) and its logo, in one
 * request; the answer's `uploadParentDocumentFileId` names them in the submission.
 */
export const uploadParentFiles = ({ documents, logo, ...progress }: { documents: readonly File[]; logo: File | null } & Progress) =>
  uploadWithProgress('/document/addDocumentFiles', toParentUploadFormData(documents, logo), { schema: UploadParentResponse, ...progress });

/** POST /document/addDocumentFiles with `isParent=false`: one child's PDF; the answer's id goes with the child. */
export const uploadChildFile = ({ file, ...progress }: { file: File } & Progress) =>
  uploadWithProgress('/document/addDocumentFiles', toChildUploadFormData(file), { schema: UploadChildResponse, ...progress });
