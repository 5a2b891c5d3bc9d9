import { CustomerMutationResponse } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';

import { CUSTOMERS_QUERY_KEY } from './get-customers';

/** PUT /customer/openAccess: whether the customer's visitors may search and download without an emailed link. */
export const changeOpenAccess = ({ id, openAccess, version }: { id: string; openAccess: boolean; version?: number }) =>
  api.put('/customer/openAccess', { id, openAccess }, { schema: CustomerMutationResponse, headers: ifMatch(version) });

export const useChangeOpenAccess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOpenAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }),
  });
};
