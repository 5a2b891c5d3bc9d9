/**
 * Events of public visitors: each download in a stream of its own (`visitor-download-<downloadId>`; older logs
 * have them in one `visitor-<visitorId>` stream per visitor). A visitor is named by a random id; the email is
 * only ever sealed under that visitor's own key, kept outside the log (crypto-shredding: forgetting them deletes the key).
 */
export type VisitorEvent = {
  type: 'PublicDocumentDownloaded';
  data: {
    visitorId: string;
    /** The visitor's email sealed under their key (`v1.<iv>.<ciphertext>.<tag>`): unreadable once they are forgotten. */
    email: string;
    /** The country the visitor searched for (ISO code), or null. */
    country: string | null;
    childDocumentId: string;
    documentNumber: string;
    parentChangeId: string;
    customerId: string;
    docName: string;
    sha256: string;
  };
};

/**
 * One public download's stream: a download decides nothing against earlier ones, so a stream of its own lets one
 * visitor's many downloads at once be recorded without contending for one stream's version.
 */
export const visitorDownloadStreamId = (downloadId: string) => `visitor-download-${downloadId}`;
