import { DocumentDownloadResponse } from '@ifu/contracts';

import { api } from '@/lib/api-client';

export type DownloadPurpose = 'download' | 'manifest';

/**
 * GET /document/getDocumentDownload/:id (a child document id or a supporting file id): a signed link that works for
 * a few minutes, for this one file and purpose and the caller. A new tab carries no bearer token, so the link is all it
 * needs; the server records the download when the tab fetches the file (for the assigned approver it is the review the
 * decision needs).
 */
export const getDocumentDownload = (id: string, purpose: DownloadPurpose = 'download'): Promise<DocumentDownloadResponse> =>
  api.get(`/document/getDocumentDownload/${encodeURIComponent(id)}`, {
    params: purpose === 'download' ? undefined : { purpose },
    schema: DocumentDownloadResponse,
  });

/**
 * Opens a document in a new tab. The tab is opened before the call (a tab opened after an await is blocked as a
 * pop-up) and pointed at the signed link once it arrives; it is closed again when the call fails.
 */
export async function openDocumentFile(id: string, purpose: DownloadPurpose = 'download'): Promise<DocumentDownloadResponse> {
  const tab = window.open('', '_blank');
  try {
    const answer = await getDocumentDownload(id, purpose);
    if (tab) {
      tab.opener = null;
      tab.location.href = answer.documentPath;
    } else {
      window.open(answer.documentPath, '_blank', 'noopener');
    }
    return answer;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
