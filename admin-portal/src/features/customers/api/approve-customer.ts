import { CustomerMutationResponse } from '@ifu/contracts';
import type { CustomerApprovalRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { CUSTOMERS_QUERY_KEY } from './get-customers';
import type { CustomerMutation } from './save-customer';

/**
 * POST /customer/approve/add: the designated approver approves (`customerApproval: true`) or rejects, signing with
 * their own username and password; `changeJustification` carries the reason of a rejection. `version` is the one the
 * approver reviewed, required as If-Match: a customer changed since is not decided (409, saying what changed).
 */
export const approveCustomer = ({ data, version }: { data: CustomerApprovalRequest; version: number | undefined }): Promise<CustomerMutation> =>
  api.post('/customer/approve/add', data, { schema: CustomerMutationResponse, headers: ifMatch(version) });

type UseApproveCustomerOptions = { mutationConfig?: MutationConfig<typeof approveCustomer> };

export const useApproveCustomer = ({ mutationConfig }: UseApproveCustomerOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: approveCustomer,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};
