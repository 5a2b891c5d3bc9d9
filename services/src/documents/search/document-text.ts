import type { Queryable } from '@ifu/storage/database/database';
import { configsForLanguages, INDEXED_TEXT_CHARS } from '@ifu/projections';
import type { AppContext } from '../../platform/app-context';

/**
 * Keeps the full-text vector of each child's PDF text in each of its languages (`document_text_vectors`, by content
 * address and search configuration), computed once when a change order takes the file. Parsing and stemming a PDF's
 * text is the costly part of indexing a document; kept beside its text, a rebuild of the search read model reuses it
 * instead of parsing every document again. Called before the event that uses the file is appended, so the read model
 * finds it (and computes it itself if it is missing: the result is the same). A text still in the queue then has no
 * vector yet: `indexTextInUse` makes them when it is ready.
 */
export async function indexDocumentTexts(ctx: Pick<AppContext, 'db'>, files: { sha256: string; languageList: string }[]): Promise<void> {
  for (const { sha256, languageList } of files) await indexText(ctx.db, sha256, configsForLanguages(languageList));
}

async function indexText(db: Queryable, sha256: string, configs: string[]): Promise<void> {
  await db.query(
    `INSERT INTO document_text_vectors (sha256, config, vector)
     SELECT t.sha256, c.config, to_tsvector(c.config::regconfig, left(t.text, ${INDEXED_TEXT_CHARS}))
       FROM document_file_text t CROSS JOIN unnest($2::text[]) AS c(config)
      WHERE t.sha256 = $1
     ON CONFLICT (sha256, config) DO NOTHING`,
    [sha256, configs],
  );
}

/** The vectors of a text that became ready after documents took its file: in the configurations they search it in. */
export async function indexTextInUse(db: Queryable, sha256: string): Promise<void> {
  const { rows } = await db.query<{ config: string }>('SELECT DISTINCT unnest(configs) AS config FROM document_search WHERE sha256 = $1', [sha256]);
  if (rows.length > 0) await indexText(db, sha256, rows.map((row) => row.config));
}

