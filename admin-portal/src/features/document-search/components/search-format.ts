import { DOCUMENT_STATUS_LABEL, SEARCH_RESULTS_MAX } from '@ifu/contracts';
import type { DocumentSearchResult, SnippetPart } from '@ifu/contracts';

/** The badge of a found document: 'Archived' once a later approved version has replaced it, else its status (spec §4). */
export type SearchStatus = DocumentSearchResult['status'] | 'ARCHIVED';

export const searchStatusOf = (result: Pick<DocumentSearchResult, 'status' | 'archived'>): SearchStatus =>
  result.archived ? 'ARCHIVED' : result.status;

export const SEARCH_STATUS_LABEL: Record<SearchStatus, string> = { ...DOCUMENT_STATUS_LABEL, ARCHIVED: 'Archived' };

/** A snippet as one plain text (its tooltip), whitespace runs made single. */
export const snippetText = (parts: readonly SnippetPart[]): string =>
  parts
    .map((part) => part.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** Says how many documents a search found; at the server's limit, that these are the best ones only. */
export const resultCountText = (count: number): string => {
  if (count >= SEARCH_RESULTS_MAX) return `The best ${count} matches are shown: narrow the search to find others.`;
  return count === 1 ? '1 document found' : `${count} documents found`;
};
