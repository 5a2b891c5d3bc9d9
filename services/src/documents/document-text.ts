import { configsForLanguages, INDEXED_TEXT_CHARS } from '@ifu/projections';
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

/**
 * Keeps the full-text vector of each child's PDF text in each of its languages (`document_text_vectors`, by content
 * address and search configuration), computed once when a change order takes the file. Parsing and stemming a PDF's
 * text is the costly part of indexing a document; kept beside its text, a rebuild of the search read model reuses it
 * instead of parsing every document again. Called before the event that uses the file is appended, so the read model
 * finds it (and computes it itself if it is missing: the result is the same).
 */
export async function indexDocumentTexts(ctx: AppContext, files: { sha256: string; languageList: string }[]): Promise<void> {
  for (const { sha256, languageList } of files) {
    await ctx.db.query(
      `INSERT INTO document_text_vectors (sha256, config, vector)
       SELECT t.sha256, c.config, to_tsvector(c.config::regconfig, left(t.text, ${INDEXED_TEXT_CHARS}))
         FROM document_file_text t CROSS JOIN unnest($2::text[]) AS c(config)
        WHERE t.sha256 = $1
       ON CONFLICT (sha256, config) DO NOTHING`,
      [sha256, configsForLanguages(languageList)],
    );
  }
}
