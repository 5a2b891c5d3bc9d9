import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import { at } from '../change-order.fixtures';
import { documentUploadDecider, UPLOAD_KEPT_MS } from './document-upload';

describe('document uploads', () => {
  const uploads = deciderSpec(documentUploadDecider);
  const uploaded = { type: 'DocumentFilesUploaded' as const, data: { uploadId: 'u', kind: 'child' as const, uploadedBy: 'author', uploadedAt: at, files: [] } };
  const use = (overrides: Record<string, unknown> = {}) => ({ type: 'UseUpload' as const, kind: 'child' as const, field: 'f', parentChangeId: 'p', actorUserId: 'author', now: new Date(at), ...overrides });

  it('given an upload, when its uploader uses it within 24 hours, then it is used', () => {
    uploads.given(uploaded).when(use()).then([{ type: 'DocumentUploadUsed', data: { uploadId: 'u', parentChangeId: 'p' } }]);
  });

  it('given an upload, when someone else, the wrong kind, a second use or after 24 hours, then upload-unusable naming the field', () => {
    const late = new Date(Date.parse(at) + UPLOAD_KEPT_MS);
    for (const command of [use({ actorUserId: 'other' }), use({ kind: 'parent' }), use({ now: late })]) {
      uploads.given(uploaded).when(command).thenRefuses({ code: 'upload-unusable', field: 'f' });
    }
    uploads.given(uploaded, { type: 'DocumentUploadUsed', data: { uploadId: 'u', parentChangeId: 'q' } }).when(use()).thenRefuses({ code: 'upload-unusable', field: 'f' });
    uploads.given().when(use()).thenRefuses({ code: 'upload-unusable', field: 'f' });
  });

  it('given a used upload, when the change order that took it is released, then it can be used again', () => {
    uploads
      .given(uploaded, { type: 'DocumentUploadUsed', data: { uploadId: 'u', parentChangeId: 'p' } })
      .when({ type: 'ReleaseUpload', parentChangeId: 'p' })
      .then([{ type: 'DocumentUploadReleased', data: { uploadId: 'u', parentChangeId: 'p' } }]);
  });
});
