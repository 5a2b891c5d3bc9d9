import type { Database, Queryable } from '@ifu/storage/database/database';
import type { RequestHandler } from 'express';
import { perUserUploadLimit } from '../../auth';
import type { StagedFile } from '../../platform/file-store';
import { StagingQuota } from '../../files';
import type { AppContext } from '../../platform/app-context';
import { acrossInstances } from '../../platform/exclusive';
import { UPLOAD_KEPT_MS } from './document-upload';

/**
 * What keeps one user's uploads in bounds: at most UPLOAD_RATE_LIMIT uploads per
 * UPLOAD_RATE_WINDOW_MINUTES (429), and at most UPLOAD_STAGING_QUOTA_BYTES staged and not yet submitted (413). One of
 * each per app: every route that takes document files shares them.
 */
export function uploadLimits(ctx: AppContext): { rate: RequestHandler; quota: StagingQuota } {
  return {
    rate: perUserUploadLimit(ctx.rateLimits, ctx.config.UPLOAD_RATE_LIMIT, ctx.config.UPLOAD_RATE_WINDOW_MINUTES),
    quota: new StagingQuota(
      ctx.config.UPLOAD_STAGING_QUOTA_BYTES,
      (userId) => stagedUploadBytes(ctx.db, userId, ctx.clock()),
      (userId, work) => acrossInstances(ctx.db, `staging-quota:${userId}`, work),
    ),
  };
}

/** The bytes a user's wizard uploads keep staged, not yet taken by a change order and younger than 24 hours. */
async function stagedUploadBytes(db: Database, userId: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ bytes: string | number }>(
    'SELECT coalesce(sum(bytes), 0) AS bytes FROM document_upload_staging WHERE uploaded_by = $1 AND uploaded_at > $2',
    [userId, new Date(now.getTime() - UPLOAD_KEPT_MS).toISOString()],
  );
  return Number(rows[0]!.bytes);
}

/** An upload of the wizard is kept staged: its bytes count against its uploader's quota until a change order takes it. */
export async function countStagedUpload(db: Queryable, upload: { uploadId: string; uploadedBy: string; files: StagedFile[]; now: Date }): Promise<void> {
  await db.query('INSERT INTO document_upload_staging (upload_id, uploaded_by, bytes, uploaded_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    upload.uploadId,
    upload.uploadedBy,
    upload.files.reduce((sum, file) => sum + file.size, 0),
    upload.now.toISOString(),
  ]);
}

/** Uploads a change order took (their files are committed): no longer staged. */
export async function uncountStagedUploads(db: Database, uploadIds: string[]): Promise<void> {
  await db.query('DELETE FROM document_upload_staging WHERE upload_id = ANY($1)', [uploadIds]);
}

/** Counts older than 24 hours: their files are swept with them. */
export async function forgetStagedUploadsBefore(db: Database, before: Date): Promise<void> {
  await db.query('DELETE FROM document_upload_staging WHERE uploaded_at <= $1', [before.toISOString()]);
}
