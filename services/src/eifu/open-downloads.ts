import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { type EifuEvent, openDownloadStreamId } from '@ifu/contracts';
import { auditVocabulary } from '../audit/vocabulary';
import type { AppContext } from '../platform/app-context';
import type { Decider } from '../platform/command-pipeline';
import { originOf } from '../platform/http';

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

/**
 * Records a download without an emailed link (a customer with open access): the document, its version, the country
 * and language, how the reader came; no address, IP or browser (the pipeline's metadata gets null for both).
 */
export async function recordOpenDownload(ctx: AppContext, req: Request, download: EifuEvent['data']): Promise<Date> {
  const run = ctx.commands.begin({ ...originOf(req, { type: 'system', name: 'eifu-visitor' }), ip: null, userAgent: null });
  await run.execute({ stream: openDownloadStreamId(randomUUID()), decider: openDownloadsDecider, command: { type: 'RecordOpenDownload', download } });
  return run.now;
}

export const eifuVocabulary = auditVocabulary<EifuEvent>([{ prefix: 'open-download-', type: 'open download' }], {
  OpenAccessDocumentDownloaded: (d) => ({
    action: `Downloaded document ${d.documentNumber} version ${d.version} without a link (${d.via}${d.country ? `, country ${d.country}` : ''}${d.language ? `, language ${d.language}` : ''})`,
    subjectName: d.documentNumber,
  }),
});
