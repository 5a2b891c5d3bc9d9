import type { EifuEvent } from '@ifu/contracts';
import { auditVocabulary } from '../audit/vocabulary';
import type { Decider } from '../platform/command-pipeline';

export interface RecordOpenDownload {
  type: 'RecordOpenDownload';
  download: EifuEvent['data'];
}

/**
 * One open-access download (`open-download-<downloadId>`, a stream each, as visitors' downloads): recorded for the
 * distribution record. Nothing to refuse: the document's visibility and the customer's open access are checked
 * before (routes.ts).
 */
export const openDownloadsDecider: Decider<RecordOpenDownload, EifuEvent, { downloads: number }> = {
  name: 'open-downloads',
  initialState: () => ({ downloads: 0 }),
  evolve: (state) => ({ downloads: state.downloads + 1 }),
  decide: (command) => ({ events: [{ type: 'OpenAccessDocumentDownloaded', data: command.download }] }),
};

export const eifuVocabulary = auditVocabulary<EifuEvent>([{ prefix: 'open-download-', type: 'open download' }], {
  OpenAccessDocumentDownloaded: (d) => ({
    action: `Downloaded document ${d.documentNumber} version ${d.version} without a link (${d.via}${d.country ? `, country ${d.country}` : ''}${d.language ? `, language ${d.language}` : ''})`,
    subjectName: d.documentNumber,
  }),
});
