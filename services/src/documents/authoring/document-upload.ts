import type { DocumentUploadEvent, UploadedFile } from '@ifu/contracts';
import type { Decider, Decision } from '../../platform/command-pipeline';

/** The add wizard's files are kept staged this long for the submit that uses them; then they are removed. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** One upload of the add wizard (`document-upload-<uploadId>`). */
export interface UploadState {
  exists: boolean;
  uploadId: string;
  kind: 'parent' | 'child';
  uploadedBy: string;
  uploadedAt: string;
  files: UploadedFile[];
  usedBy: string | null;
}

export interface RecordUpload {
  type: 'RecordUpload';
  uploadId: string;
  kind: 'parent' | 'child';
  uploadedBy: string;
  files: UploadedFile[];
  now: Date;
}

/** A submitted document takes the upload's files: only its uploader's, only once, only within 24 hours. */
export interface UseUpload {
  type: 'UseUpload';
  kind: 'parent' | 'child';
  /** The request field that named the upload, for the refusal. */
  field: string;
  parentChangeId: string;
  actorUserId: string;
  now: Date;
}

/** The document that took the upload was refused after all: the upload can be used again. */
export interface ReleaseUpload {
  type: 'ReleaseUpload';
  parentChangeId: string;
}

export type UploadCommand = RecordUpload | UseUpload | ReleaseUpload;

export const documentUploadDecider: Decider<UploadCommand, DocumentUploadEvent, UploadState> = {
  name: 'document-upload',
  initialState: () => ({ exists: false, uploadId: '', kind: 'parent', uploadedBy: '', uploadedAt: '', files: [], usedBy: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'DocumentFilesUploaded':
        return { ...state, exists: true, uploadId: event.data.uploadId, kind: event.data.kind, uploadedBy: event.data.uploadedBy, uploadedAt: event.data.uploadedAt, files: event.data.files };
      case 'DocumentUploadUsed':
        return { ...state, usedBy: event.data.parentChangeId };
      case 'DocumentUploadReleased':
        return { ...state, usedBy: null };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  decide(command, state): Decision<DocumentUploadEvent> {
    switch (command.type) {
      case 'RecordUpload':
        if (state.exists) return { events: [], rejection: { code: 'upload-unusable', field: 'uploadId' } };
        return {
          events: [
            {
              type: 'DocumentFilesUploaded',
              data: { uploadId: command.uploadId, kind: command.kind, uploadedBy: command.uploadedBy, uploadedAt: command.now.toISOString(), files: command.files },
            },
          ],
        };
      case 'UseUpload': {
        const expired = command.now.getTime() - Date.parse(state.uploadedAt) >= UPLOAD_KEPT_MS;
        if (!state.exists || state.kind !== command.kind || state.uploadedBy !== command.actorUserId || state.usedBy !== null || expired) {
          return { events: [], rejection: { code: 'upload-unusable', field: command.field } };
        }
        return { events: [{ type: 'DocumentUploadUsed', data: { uploadId: state.uploadId, parentChangeId: command.parentChangeId } }] };
      }
      case 'ReleaseUpload':
        if (state.usedBy !== command.parentChangeId) return { events: [] };
        return { events: [{ type: 'DocumentUploadReleased', data: { uploadId: state.uploadId, parentChangeId: command.parentChangeId } }] };
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
