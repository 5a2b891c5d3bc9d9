import { type DocumentFileEvent, documentFilesStreamId } from '@ifu/contracts';
import type { CommandRun, Decider, Decision } from '../../platform/command-pipeline';

/**
 * The staff downloads of one change order's files (`document-files-<parentChangeId>`): every download is recorded,
 * and what each user has opened (file id at its content) is the review an approval requires.
 */
export interface DocumentFilesState {
  /** userId → `fileId:sha256` of every file that user has downloaded (plain data: states are kept as JSON snapshots). */
  opened: Readonly<Record<string, readonly string[]>>;
}

export interface RecordDownload {
  type: 'RecordDownload';
  download: DocumentFileEvent['data'];
}

const initialState = (): DocumentFilesState => ({ opened: {} });

export function evolve(state: DocumentFilesState, event: DocumentFileEvent): DocumentFilesState {
  switch (event.type) {
    case 'DocumentFileDownloaded': {
      const { downloadedBy, fileId, sha256 } = event.data;
      const key = `${fileId}:${sha256}`;
      const before = state.opened[downloadedBy] ?? [];
      if (before.includes(key)) return state;
      return { opened: { ...state.opened, [downloadedBy]: [...before, key] } };
    }
    default: {
      const unhandled: never = event.type;
      return unhandled;
    }
  }
}

/** The files a user has opened (empty when none). */
export const openedBy = (state: DocumentFilesState, userId: string): ReadonlySet<string> => new Set(state.opened[userId] ?? []);

export const documentFilesDecider: Decider<RecordDownload, DocumentFileEvent, DocumentFilesState> = {
  name: 'document-files',
  initialState,
  evolve,
  // Whether the caller may have the file is settled before (the change order and the file exist, the caller is
  // logged in and active); a download is always recorded.
  decide(command): Decision<DocumentFileEvent> {
    return { events: [{ type: 'DocumentFileDownloaded', data: command.download }] };
  },
};

/** What `userId` has opened of this change order's files (the review a decision requires). */
export async function openedFiles(run: CommandRun, parentChangeId: string, userId: string): Promise<ReadonlySet<string>> {
  const { state } = await run.load(documentFilesStreamId(parentChangeId), documentFilesDecider);
  return openedBy(state, userId);
}

/** Records one staff download of a change order's file (the approver's downloads are their review). */
export async function recordDownload(run: CommandRun, download: DocumentFileEvent['data']): Promise<void> {
  await run.execute({ stream: documentFilesStreamId(download.parentChangeId), decider: documentFilesDecider, command: { type: 'RecordDownload', download } });
}
