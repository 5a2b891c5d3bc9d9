import { ApproverListResponse, ChangeOrderResponse } from '@ifu/contracts';
import type { ReassignChangeOrderApproverRequest } from '@ifu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { DOCUMENTS_QUERY_KEY } from './get-document-list';

/** GET /document/reassignApprover/:id (ADMIN): whom the change order may be reassigned to (the approver policy). */
export const useReassignCandidates = (parentChangeId: string) =>
  useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'reassign-candidates', parentChangeId],
    queryFn: ({ signal }) => api.get(`/document/reassignApprover/${encodeURIComponent(parentChangeId)}`, { schema: ApproverListResponse, signal, cache: 'no-store' }),
    staleTime: 0,
  });

export type ReassignApproverInput = ReassignChangeOrderApproverRequest & {
  /** The change order's version the ADMIN saw: a change order changed since is refused (409). */
  version: number;
};

/**
 * POST /document/reassignApprover: the change order goes to another approver, signed by the ADMIN (meaning
 * `reassignment`) with a reason, at the version seen (If-Match). Wrong credentials are a 403 (never a 401).
 */
export const reassignApprover = ({ version, ...body }: ReassignApproverInput): Promise<ChangeOrderResponse> =>
  api.post('/document/reassignApprover', body, { schema: ChangeOrderResponse, headers: ifMatch(version) });

type UseReassignApproverOptions = { mutationConfig?: MutationConfig<typeof reassignApprover> };

export const useReassignApprover = ({ mutationConfig }: UseReassignApproverOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: reassignApprover,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      await onSuccess?.(...args);
    },
  });
};
