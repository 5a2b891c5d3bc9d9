import type { PaperCopyEvent } from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { type Row, rowProjection } from '../row-projection';

/** A row of `paper_copy_requests` as stored (its `id` is the stream's, `paper-copy-<requestId>`). */
export interface PaperCopyRequestRow extends Row {
  request_id: string;
  /** Null for requests recorded before references. */
  reference: string | null;
  visitor_id: string;
  sealed_name: string;
  sealed_address: string;
  sealed_email: string;
  child_document_id: string;
  document_number: string;
  document_version: number;
  doc_name: string;
  quantity: number;
  requested_on: string;
  due_date: string;
  requested_at: string | Date;
  status: 'OPEN' | 'DISPATCHED';
  dispatched_at: string | Date | null;
  dispatched_by: string | null;
  dispatched_by_name: string | null;
}

/** Paper copies on request: open and dispatched requests, with their due dates. */
export const paperCopyRequestsProjection = rowProjection<PaperCopyRequestRow>({
  name: 'paper-copy-requests',
  table: 'paper_copy_requests',
  migrationsDirectory: new URL('./migrations', import.meta.url),
  handles: ['PaperCopyRequested', 'PaperCopyDispatched'] satisfies PaperCopyEvent['type'][],
  rowId: (event) => `paper-copy-${(event.data as { requestId: string }).requestId}`,
  evolve(row, recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as PaperCopyEvent;
    switch (event.type) {
      case 'PaperCopyRequested': {
        const d = event.data;
        return (
          row ?? {
            id: `paper-copy-${d.requestId}`,
            request_id: d.requestId,
            reference: d.reference ?? null,
            visitor_id: d.visitorId,
            sealed_name: d.name,
            sealed_address: d.address,
            sealed_email: d.email,
            child_document_id: d.childDocumentId,
            document_number: d.documentNumber,
            document_version: d.version,
            doc_name: d.docName,
            quantity: d.quantity,
            requested_on: d.requestedOn,
            due_date: d.dueDate,
            requested_at: recorded.recordedAt,
            status: 'OPEN',
            dispatched_at: null,
            dispatched_by: null,
            dispatched_by_name: null,
            stream_version: recorded.streamVersion,
          }
        );
      }
      case 'PaperCopyDispatched':
        return row && { ...row, status: 'DISPATCHED', dispatched_at: event.data.dispatchedAt, dispatched_by: event.data.dispatchedBy, dispatched_by_name: event.data.dispatchedByName };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
