/** The document an open-access download was of, as the distribution record names it. */
export interface OpenDownloadDocument {
  childDocumentId: string;
  documentNumber: string;
  parentChangeId: string;
  customerId: string;
  /** Its number among the document's versions. */
  version: number;
  sha256: string;
}

/** How a reader came: a label's GS1 Digital Link, a permalink, or the customer page's search without an email. */
export type OpenDownloadVia = 'digital-link' | 'permalink' | 'search';

/**
 * Downloads through the eIFU site without an emailed link (a customer with open access). Anonymous, so
 * nothing about the reader is kept (no address, no IP, no browser): the distribution record keeps the document, its
 * version, the country and language the reader was served in and how they came.
 *
 * - `OpenAccessDocumentDownloaded`: one download, one stream each (`open-download-<downloadId>`). Logs from before
 *   downloads were counted; no longer written.
 * - `OpenAccessDownloadsCounted`: the downloads of one document in one hour (UTC), counted outside the log and
 *   summarised once the hour is over (`open-downloads-<childDocumentId>-<YYYY-MM-DDTHH>`): anonymous callers cannot
 *   grow the log by requests, only by documents and hours. Normally one event per stream; a download counted after
 *   its hour was summarised (a request that straddled the hour, an instance whose clock is behind) adds a second
 *   with only what the first did not count.
 */
export type EifuEvent =
  | {
      type: 'OpenAccessDocumentDownloaded';
      data: OpenDownloadDocument & {
        /** ISO 3166-1 code the reader asked for or their browser named, or null. */
        country: string | null;
        /** ISO 639-1 code of the reader's language, or null. */
        language: string | null;
        via: OpenDownloadVia;
      };
    }
  | {
      type: 'OpenAccessDownloadsCounted';
      data: OpenDownloadDocument & {
        /** The hour counted, [periodStart, periodEnd), ISO 8601 UTC. */
        periodStart: string;
        periodEnd: string;
        /** Downloads this event adds (the sum of `byVia`). */
        downloads: number;
        /** The same downloads by how the readers came, by country and by language (each kind sums to `downloads`). */
        byVia: Array<{ via: OpenDownloadVia; downloads: number }>;
        byCountry: Array<{ country: string | null; downloads: number }>;
        byLanguage: Array<{ language: string | null; downloads: number }>;
      };
    };

export const openDownloadStreamId = (downloadId: string) => `open-download-${downloadId}`;

/** The stream of one document's open-access download counts for the hour starting at `periodStart` (UTC). */
export const openDownloadCountStreamId = (childDocumentId: string, periodStart: Date) =>
  `open-downloads-${childDocumentId}-${periodStart.toISOString().slice(0, 13)}`;
