import { ChangeOrderResponse } from '@ifu/contracts';
import type { ApproveDocumentsRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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

/** The decision; every document query is stale afterwards (the screen decides when to refetch: spec §4, 2 seconds). */
export const useApproveDocuments = ({ mutationConfig }: UseApproveDocumentsOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: approveDocuments,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY, refetchType: 'none' });
      return onSuccess?.(...args);
    },
  });
};
