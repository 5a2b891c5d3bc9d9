import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import { documentFilesDecider, openedBy } from './document-files';

describe('document downloads', () => {
  const files = deciderSpec(documentFilesDecider);
  const download = (by: string, fileId: string, sha256: string) => ({
    parentChangeId: 'p1',
    documentId: 'CO-2026-00042',
    fileId,
    childDocumentId: null,
    documentNumber: null,
    sha256,
    docName: 'a.pdf',
    downloadedBy: by,
    purpose: 'download' as const,
  });

  it('given anything, when a file is downloaded, then the download is recorded (every staff download is an event)', () => {
    files.given({ type: 'DocumentFileDownloaded', data: download('u', 'f', 'x') }).when({ type: 'RecordDownload', download: download('u', 'f', 'x') }).then([
      { type: 'DocumentFileDownloaded', data: download('u', 'f', 'x') },
    ]);
  });

  it('folds what each user opened, per file content', () => {
    const state = [download('u', 'f', 'x'), download('u', 'f', 'y'), download('v', 'g', 'z')].reduce(
      (s, d) => documentFilesDecider.evolve(s, { type: 'DocumentFileDownloaded', data: d }),
      documentFilesDecider.initialState(),
    );
    expect([...openedBy(state, 'u')]).toEqual(['f:x', 'f:y']);
    expect([...openedBy(state, 'v')]).toEqual(['g:z']);
    expect([...openedBy(state, 'w')]).toEqual([]);
    // Plain data: the state survives a JSON snapshot.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
