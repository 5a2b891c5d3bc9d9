import type { SafetyNoticeEvent, VisitorEvent } from '@ifu/contracts';
import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Projection } from '../projection';

type Handled = SafetyNoticeEvent | VisitorEvent;

/**
 * Safety notices: the visitors' downloads through emailed links (whom a safety revision must reach) and
 * the notices recorded per safety revision and visitor (the change order's counts). Keyed by log positions, so a
 * replay writes the same rows and a batch applied twice changes nothing.
 */
export const safetyNoticesProjection: Projection = {
  name: 'safety-notices',
  tables: ['public_downloads', 'safety_notices'],
  handles: new Set(['PublicDocumentDownloaded', 'SafetyNoticeSent', 'SafetyNoticeNotDelivered'] satisfies Handled['type'][]),
  migrations: () => migrationsFromDirectory('projections/safety-notices', new URL('./migrations', import.meta.url).pathname),
  async applyBatch(tx, events) {
    const downloads: Array<{ position: number; visitor_id: string; child_document_id: string; sealed_email: string }> = [];
    const notices = new Map<string, { parent_change_id: string; visitor_id: string; position: number; delivered: boolean; child_document_ids: string[] }>();
    const undelivered: Array<{ parent_change_id: string; visitor_id: string; position: number }> = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      switch (event.type) {
        case 'PublicDocumentDownloaded':
          downloads.push({ position: recorded.position, visitor_id: event.data.visitorId, child_document_id: event.data.childDocumentId, sealed_email: event.data.email });
          break;
        case 'SafetyNoticeSent':
          notices.set(`${event.data.parentChangeId} ${event.data.visitorId}`, {
            parent_change_id: event.data.parentChangeId,
            visitor_id: event.data.visitorId,
            position: recorded.position,
            delivered: true,
            child_document_ids: event.data.documents.map((d) => d.childDocumentId),
          });
          break;
        case 'SafetyNoticeNotDelivered': {
          const sent = notices.get(`${event.data.parentChangeId} ${event.data.visitorId}`);
          if (sent) Object.assign(sent, { position: recorded.position, delivered: false });
          else undelivered.push({ parent_change_id: event.data.parentChangeId, visitor_id: event.data.visitorId, position: recorded.position });
          break;
        }
        default: {
          const unhandled: never = event;
          return unhandled;
        }
      }
    }
    if (downloads.length > 0) {
      await tx.query(
        `INSERT INTO public_downloads SELECT * FROM jsonb_populate_recordset(NULL::public_downloads, $1::jsonb) ON CONFLICT (position) DO NOTHING`,
        [JSON.stringify(downloads)],
      );
    }
    // A row moves only forward in the log: a batch applied again changes nothing.
    if (undelivered.length > 0) {
      await tx.query(
        `UPDATE safety_notices s SET delivered = false, position = u.position
           FROM jsonb_populate_recordset(NULL::safety_notices, $1::jsonb) u
          WHERE s.parent_change_id = u.parent_change_id AND s.visitor_id = u.visitor_id AND s.position < u.position`,
        [JSON.stringify(undelivered)],
      );
    }
    if (notices.size > 0) {
      await tx.query(
        `INSERT INTO safety_notices SELECT * FROM jsonb_populate_recordset(NULL::safety_notices, $1::jsonb)
         ON CONFLICT (parent_change_id, visitor_id) DO UPDATE
            SET position = EXCLUDED.position, delivered = EXCLUDED.delivered, child_document_ids = EXCLUDED.child_document_ids
          WHERE safety_notices.position < EXCLUDED.position`,
        [JSON.stringify([...notices.values()])],
      );
    }
  },
};
