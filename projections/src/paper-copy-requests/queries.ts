import type { Queryable } from '@ifu/storage/database/database';
import { findDocumentVersionsByNumber } from '../document-search/label-queries';
import type { PaperCopyRequestRow } from './projection';

/** A request as the staff screen and the overdue reminder read it; personal data still sealed. */
export interface PaperCopyRequestRecord {
  requestId: string;
  reference: string | null;
  visitorId: string;
  sealed: { name: string; address: string; email: string };
  childDocumentId: string;
  documentNumber: string;
  documentVersion: number;
  docName: string;
  quantity: number;
  requestedOn: string;
  dueDate: string;
  status: 'OPEN' | 'DISPATCHED';
  dispatchedAt: string | null;
  dispatchedByName: string | null;
  version: number;
}

const SELECT = `
  SELECT id, request_id, reference, visitor_id, sealed_name, sealed_address, sealed_email, child_document_id, document_number, document_version,
         doc_name, quantity, to_char(requested_on, 'YYYY-MM-DD') AS requested_on, to_char(due_date, 'YYYY-MM-DD') AS due_date,
         requested_at, status, dispatched_at, dispatched_by, dispatched_by_name, stream_version
    FROM paper_copy_requests`;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const toRecord = (row: PaperCopyRequestRow): PaperCopyRequestRecord => ({
  requestId: row.request_id,
  reference: row.reference ?? null,
  visitorId: row.visitor_id,
  sealed: { name: row.sealed_name, address: row.sealed_address, email: row.sealed_email },
  childDocumentId: row.child_document_id,
  documentNumber: row.document_number,
  documentVersion: row.document_version,
  docName: row.doc_name,
  quantity: row.quantity,
  requestedOn: row.requested_on,
  dueDate: row.due_date,
  status: row.status,
  dispatchedAt: iso(row.dispatched_at),
  dispatchedByName: row.dispatched_by_name,
  version: row.stream_version,
});

/**
 * The requests by urgency: open ones first, the longest overdue first, then the soonest due; with `all`, the
 * dispatched ones after them, the most recently dispatched first.
 */
export async function listPaperCopyRequests(db: Queryable, status: 'open' | 'all'): Promise<PaperCopyRequestRecord[]> {
  const { rows } = await db.query<PaperCopyRequestRow>(
    `${SELECT} ${status === 'open' ? "WHERE status = 'OPEN'" : ''}
      ORDER BY (status = 'OPEN') DESC,
               CASE WHEN status = 'OPEN' THEN due_date END ASC,
               CASE WHEN status = 'OPEN' THEN requested_at END ASC,
               dispatched_at DESC, request_id`,
  );
  return rows.map(toRecord);
}

export async function findPaperCopyRequest(db: Queryable, requestId: string): Promise<PaperCopyRequestRecord | undefined> {
  const { rows } = await db.query<PaperCopyRequestRow>(`${SELECT} WHERE request_id = $1`, [requestId]);
  return rows[0] && toRecord(rows[0]);
}

/** The open requests due before `today` (`YYYY-MM-DD`): overdue, the longest overdue first. */
export async function overduePaperCopyRequests(db: Queryable, today: string): Promise<PaperCopyRequestRecord[]> {
  const { rows } = await db.query<PaperCopyRequestRow>(`${SELECT} WHERE status = 'OPEN' AND due_date < $1::date ORDER BY due_date, requested_at, request_id`, [today]);
  return rows.map(toRecord);
}

/** A public document a paper copy can be asked for, with its version number now. */
export interface PublicDocumentVersion {
  childDocumentId: string;
  documentNumber: string;
  /** 1 for a first version, one more for each earlier version it superseded. */
  version: number;
  docName: string;
  customerId: string;
  productFamilyName: string;
}

/**
 * The document of this number if it is public today (current, approved, Online, in effect, of an approved customer),
 * with its version as the permalinks number it (`findDocumentVersionsByNumber`): the one numbering of versions.
 */
export async function findPublicDocumentByNumber(db: Queryable, documentNumber: string, today: string): Promise<PublicDocumentVersion | undefined> {
  const versions = await findDocumentVersionsByNumber(db, documentNumber, today);
  const current = versions?.find((v) => v.current && v.documentNumber.toUpperCase() === documentNumber.toUpperCase());
  return (
    current && {
      childDocumentId: current.childDocumentId,
      documentNumber: current.documentNumber,
      version: current.version,
      docName: current.docName,
      customerId: current.customerId,
      productFamilyName: current.productFamilyName,
    }
  );
}

/** Whether a request already has this short reference (a new one is drawn again then). */
export async function paperCopyReferenceTaken(db: Queryable, reference: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM paper_copy_requests WHERE reference = $1 LIMIT 1', [reference]);
  return rows.length > 0;
}
