import { ChangeOrderResponse } from '@ifu/contracts';
import type { ApproveDocumentsRequest, ChangeOrderView, DocumentListResponse } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { DOCUMENTS_QUERY_KEY } from './get-document-list';

/**
 * POST /document/approveDocuments: the assigned approver approves (`documentApproval: true`) or rejects the change
 * order, signing with their own username and password. `version` is the one the approver reviewed, required as
 * If-Match: a change order changed since is not decided (409, saying what changed). Refusals carry the server's message: files not opened yet, not the approver,
 * wrong or someone else's credentials, decided by someone else first.
 */
export const approveDocuments = ({ data, version }: { data: ApproveDocumentsRequest; version: number }): Promise<ChangeOrderResponse> =>
  api.post('/document/approveDocuments', data, { schema: ChangeOrderResponse, headers: ifMatch(version) });

type UseApproveDocumentsOptions = { mutationConfig?: MutationConfig<typeof approveDocuments> };

/**
 * What the screens show of a decided change order, from the decision's answer: its view, and its
 * row's status in any list page that holds it. The status badge is right at once, not after the refresh.
 */
export const showDecided = (queryClient: QueryClient, document: ChangeOrderView) => {
  queryClient.setQueriesData<ChangeOrderView>({ queryKey: [...DOCUMENTS_QUERY_KEY, 'detail'] }, (shown) =>
    shown?.parentChangeId === document.parentChangeId ? document : shown,
  );
  queryClient.setQueriesData<DocumentListResponse>({ queryKey: [...DOCUMENTS_QUERY_KEY, 'list'] }, (shown) =>
    shown?.data.list.some((row) => row.parentChangeId === document.parentChangeId)
      ? {
          ...shown,
          data: {
            ...shown.data,
            list: shown.data.list.map((row) => (row.parentChangeId === document.parentChangeId ? { ...row, status: document.status } : row)),
          },
        }
      : shown,
  );
};

/**
 * The decision; every document query is stale afterwards (the screen decides when to refetch: spec §4, 2 seconds),
 * and what the screens show of this change order is its answer until then.
 */
export const useApproveDocuments = ({ mutationConfig }: UseApproveDocumentsOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: approveDocuments,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY, refetchType: 'none' });
      showDecided(queryClient, args[0].document);
      return onSuccess?.(...args);
    },
  });
};
