import type { VisitorEvent } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';
import type { Decider } from '../platform/command-pipeline';

export interface RecordPublicDownload {
  type: 'RecordPublicDownload';
  download: VisitorEvent['data'];
}

/**
 * A visitor's download (`visitor-download-<downloadId>`, one stream each): recorded, as the manufacturer's
 * distribution records need. Nothing to refuse here: the link and the document's visibility are checked before
 * (public-search.ts).
 */
export const visitorDownloadsDecider: Decider<RecordPublicDownload, VisitorEvent, { downloads: number }> = {
  name: 'visitor-downloads',
  initialState: () => ({ downloads: 0 }),
  evolve: (state) => ({ downloads: state.downloads + 1 }),
  decide: (command) => ({ events: [{ type: 'PublicDocumentDownloaded', data: command.download }] }),
};

/** How visitors' events read in the audit report; the actor's email comes from their key (report.ts), or is erased. */
export const visitorsVocabulary = auditVocabulary<VisitorEvent>(
  [
    { prefix: 'visitor-download-', type: 'visitor download' },
    // Older logs: one stream per visitor.
    { prefix: 'visitor-', type: 'visitor' },
  ],
  {
  PublicDocumentDownloaded: (d) => ({
    action: `Downloaded document ${d.documentNumber} from the public portal${d.country ? ` (country ${d.country})` : ''}`,
    subjectName: d.documentNumber,
  }),
  },
);
