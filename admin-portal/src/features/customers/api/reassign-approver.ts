import { ApproverListResponse, CustomerMutationResponse } from '@ifu/contracts';
import type { ReassignCustomerApproverRequest } from '@ifu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { CUSTOMERS_QUERY_KEY } from './get-customers';
import type { CustomerMutation } from './save-customer';

/** GET /customer/reassignApprover/:id (ADMIN): whom the customer may be reassigned to (the approver policy). */
export const useCustomerReassignCandidates = (customerId: string) =>
  useQuery({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'reassign-candidates', customerId],
    queryFn: ({ signal }) => api.get(`/customer/reassignApprover/${encodeURIComponent(customerId)}`, { schema: ApproverListResponse, signal, cache: 'no-store' }),
    staleTime: 0,
  });

/**
 * POST /customer/reassignApprover: the customer awaiting approval (or the change pending to it) goes to another
 * approver, signed by the ADMIN (meaning `reassignment`) with a reason, at the version seen (If-Match).
 */
export const reassignCustomerApprover = ({ data, version }: { data: ReassignCustomerApproverRequest; version: number | undefined }): Promise<CustomerMutation> =>
  api.post('/customer/reassignApprover', data, { schema: CustomerMutationResponse, headers: ifMatch(version) });

type UseReassignCustomerApproverOptions = { mutationConfig?: MutationConfig<typeof reassignCustomerApprover> };

export const useReassignCustomerApprover = ({ mutationConfig }: UseReassignCustomerApproverOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: reassignCustomerApprover,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};
