import { ChangeOrderResponse } from '@ifu/contracts';
import type { UpdateIsInternalRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /document/update/IsInternal: an ADMIN switches a decided change order Online (false) or Offline (true). */
export const updateIsInternal = (data: UpdateIsInternalRequest): Promise<ChangeOrderResponse> =>
  api.post('/document/update/IsInternal', data, { schema: ChangeOrderResponse });

type UseUpdateIsInternalOptions = { mutationConfig?: MutationConfig<typeof updateIsInternal> };

export const useUpdateIsInternal = ({ mutationConfig }: UseUpdateIsInternalOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: updateIsInternal });
