import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { notify } from '@/components/ui/notifications';
import { errorMessage } from '@/lib/api-client';

import { openDocumentFile } from './document-download';
import type { DownloadPurpose } from './document-download';
import { DOCUMENTS_QUERY_KEY } from './get-document-list';

/**
 * Opens a supporting file or a child document in a new tab through the download call ({@link openDocumentFile}),
 * which records the opening; then the change orders shown are asked again, so that the file's check mark (and the
 * approver's Approve and Reject) follow. A failure is said in a toast.
 */
export const useOpenDocumentFile = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string, purpose: DownloadPurpose = 'download') => {
      try {
        await openDocumentFile(id, purpose);
      } catch (error) {
        notify('error', errorMessage(error));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
    },
    [queryClient],
  );
};
