/**
 * Downloads through the eIFU site without an emailed link (issue 20: a customer with open access), one stream each
 * (`open-download-<downloadId>`): the distribution record keeps the document, its version, the country and language
 * the reader was served in, and nothing about the reader (no address, no IP, no browser).
 */
export type EifuEvent = {
  type: 'OpenAccessDocumentDownloaded';
  data: {
    childDocumentId: string;
    documentNumber: string;
    parentChangeId: string;
    customerId: string;
    /** Its number among the document's versions. */
    version: number;
    /** ISO 3166-1 code the reader asked for or their browser named, or null. */
    country: string | null;
    /** ISO 639-1 code of the reader's language, or null. */
    language: string | null;
    /** How the reader came: a label's GS1 Digital Link, a permalink, or the customer page's search without an email. */
    via: 'digital-link' | 'permalink' | 'search';
    sha256: string;
  };
};

export const openDownloadStreamId = (downloadId: string) => `open-download-${downloadId}`;
