/**
 * Paper copies on request (EU 2021/2226 art. 6: a paper copy of an eIFU within 7 calendar days, at no
 * cost). Each request is a stream `paper-copy-<requestId>`; the daily reminder to the ADMINs is the stream
 * `paper-copy-overdue-notices`. The requester's name, delivery address and email are only ever sealed under their
 * visitor key (crypto-shredding, as a visitor's download holds their email): forgetting the visitor erases them.
 */
export type PaperCopyEvent =
  | {
      type: 'PaperCopyRequested';
      data: {
        requestId: string;
        /**
         * The short reference a person reads out on the phone (8 characters of `PAPER_COPY_REFERENCE_ALPHABET`),
         * unique among the requests; absent on requests recorded before it existed.
         */
        reference?: string;
        visitorId: string;
        /** The requester's email, name and delivery address, each sealed under their visitor key (`v1.<iv>.<ciphertext>.<tag>`). */
        email: string;
        name: string;
        address: string;
        childDocumentId: string;
        documentNumber: string;
        /** The document's version (1 for the first, one more for each version that superseded the one before). */
        version: number;
        docName: string;
        customerId: string;
        quantity: number;
        /** The day the request was made (UTC, YYYY-MM-DD) and the day the copy is due: 7 calendar days later. */
        requestedOn: string;
        dueDate: string;
      };
    }
  | {
      type: 'PaperCopyDispatched';
      data: { requestId: string; documentNumber: string; dispatchedBy: string; dispatchedByName: string; dispatchedAt: string };
    };

export type PaperCopyOverdueEvent = {
  type: 'PaperCopyOverdueNotified';
  /** The day (UTC) the ADMINs were told of the requests overdue then; one mail a day at most. */
  data: { day: string; requestIds: string[]; recipients: number };
};

export const paperCopyStreamId = (requestId: string) => `paper-copy-${requestId}`;
export const PAPER_COPY_OVERDUE_STREAM = 'paper-copy-overdue-notices';
/** Calendar days from the request to the day the copy is due (EU 2021/2226: within 7 calendar days). */
export const PAPER_COPY_DAYS = 7;
/**
 * The letters and digits of a paper-copy reference: none that is read or heard like another (no 0/O, 1/I/L, U/V,
 * 5/S, 8/B, 2/Z).
 */
export const PAPER_COPY_REFERENCE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const PAPER_COPY_REFERENCE_LENGTH = 8;
/** How a reference is shown and read out: two groups of four, `K7QM-3RXT`. */
export const shownPaperCopyReference = (reference: string) => `${reference.slice(0, 4)}-${reference.slice(4)}`;
