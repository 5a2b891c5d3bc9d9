import { CustomerMutationResponse } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { CUSTOMERS_QUERY_KEY } from './get-customers';

export type CustomerMutation = z.infer<typeof CustomerMutationResponse>;

type SaveCustomerInput = { data: FormData; version?: number };

/** POST /customer/add: multipart customer fields with the logo as `customerLogo`. */
export const addCustomer = ({ data }: SaveCustomerInput): Promise<CustomerMutation> =>
  api.post('/customer/add', data, { schema: CustomerMutationResponse });

/** PUT /customer/update: the same fields plus `id`; the logo only when it changes; `version` the one being edited. */
export const updateCustomer = ({ data, version }: SaveCustomerInput): Promise<CustomerMutation> =>
  api.put('/customer/update', data, { schema: CustomerMutationResponse, headers: ifMatch(version) });

type SaveCustomer = typeof addCustomer;
type UseSaveCustomerOptions = { mutationConfig?: MutationConfig<SaveCustomer> };

const useCustomerMutation = (mutationFn: SaveCustomer, { mutationConfig }: UseSaveCustomerOptions) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn,
    onSuccess: async (...args) => {
      // The list, the edited customer and its logo.
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

export const useAddCustomer = (options: UseSaveCustomerOptions = {}) => useCustomerMutation(addCustomer, options);

export const useUpdateCustomer = (options: UseSaveCustomerOptions = {}) => useCustomerMutation(updateCustomer, options);
