import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeOrderView } from '@ifu/contracts';
import { useCallback } from 'react';

import { notify } from '@/components/ui/notifications';
import { errorMessage } from '@/lib/api-client';

import { openDocumentFile } from '@/lib/api/document-download';
import type { DownloadPurpose } from '@/lib/api/document-download';
import { DOCUMENTS_QUERY_KEY } from './get-document-list';

/** How often, and how many times, the change orders on screen are asked again until the new tab has fetched the file. */
const OPENED_CHECK = { everyMs: 1000, times: 30 } as const;

const isChangeOrderView = (data: unknown): data is ChangeOrderView =>
  typeof data === 'object' && data !== null && 'parentDocumentList' in data && 'children' in data;

/** Whether a change order on screen still shows the file `id` (a supporting file's id or a child's id) as not opened. */
const shownUnopened = (queryClient: QueryClient, id: string) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: DOCUMENTS_QUERY_KEY, type: 'active' })
    .some(({ state: { data } }) =>
      isChangeOrderView(data)
        ? data.parentDocumentList.some((file) => file.id === id && !file.opened) || data.children.some((child) => child.childDocumentId === id && !child.opened)
        : false,
    );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens a supporting file or a child document in a new tab through the download call ({@link openDocumentFile}).
 * The server records the opening when the tab fetches the file, not when the link is issued; so the change orders
 * shown are asked again now and then every second (for at most half a minute) until the file's check mark (and the
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
      for (let check = 0; check < OPENED_CHECK.times && shownUnopened(queryClient, id); check += 1) {
        await pause(OPENED_CHECK.everyMs);
        await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      }
    },
    [queryClient],
  );
};
