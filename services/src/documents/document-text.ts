import type { StagedFile } from '../files/file-store';
import type { AppContext } from '../platform/app-context';
import { extractPdfText } from './pdf-text';

/**
 * Extracts and keeps the text of each new PDF (by its content address, once however often it is uploaded) for the
 * document searches. A PDF whose text cannot be extracted is kept with the reason and an empty text.
 */
export async function extractTexts(ctx: AppContext, files: { staged: StagedFile }[], now: Date): Promise<void> {
  for (const { staged } of files) {
    if (staged.contentType !== 'application/pdf') continue;
    const { rows } = await ctx.db.query('SELECT 1 FROM document_file_text WHERE sha256 = $1', [staged.sha256]);
    if (rows.length > 0) continue;
    // Read from the stored copy once committed, from staging before.
    const stream = (await ctx.files.isStaged(staged.stagedId)) ? ctx.files.openStaged(staged.stagedId) : (await ctx.files.open(staged.sha256)).stream;
    const { result, failure } = await extractPdfText(stream);
    if (failure) ctx.logger.warn({ sha256: staged.sha256, failure }, 'no text could be extracted from a PDF; it is kept without');
    await ctx.db.query(
      `INSERT INTO document_file_text (sha256, pages, text, failure, extracted_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sha256) DO NOTHING`,
      [staged.sha256, result?.pages ?? 0, result?.text ?? '', failure ?? null, now.toISOString()],
    );
  }
}
