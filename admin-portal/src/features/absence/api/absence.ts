import { AbsenceResponse } from '@ifu/contracts';
import type { DeclareAbsenceRequest } from '@ifu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

const ABSENCE_QUERY_KEY = ['absence', 'me'];

/** GET /user/me/absence: the signed-in user's absence while it is not over, or none. */
export const useMyAbsence = () =>
  useQuery({ queryKey: ABSENCE_QUERY_KEY, queryFn: ({ signal }) => api.get('/user/me/absence', { schema: AbsenceResponse, signal, cache: 'no-store' }) });

/** PUT /user/me/absence: declares (or replaces) the absence and its delegate. */
export const declareAbsence = (data: DeclareAbsenceRequest): Promise<AbsenceResponse> => api.put('/user/me/absence', data, { schema: AbsenceResponse });

/** DELETE /user/me/absence: ends it. */
export const endAbsence = (): Promise<AbsenceResponse> => api.delete('/user/me/absence', undefined, { schema: AbsenceResponse });

/** After a change: the answer is the absence now; the approver lists say who is away. */
const useAbsenceSaved = () => {
  const queryClient = useQueryClient();
  return async (response: AbsenceResponse) => {
    queryClient.setQueryData(ABSENCE_QUERY_KEY, { absence: response.absence });
    await queryClient.invalidateQueries({ queryKey: ['approvers'] });
  };
};

export const useDeclareAbsence = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof declareAbsence> } = {}) => {
  const saved = useAbsenceSaved();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: declareAbsence,
    onSuccess: async (...args) => {
      await saved(args[0]);
      return onSuccess?.(...args);
    },
  });
};

export const useEndAbsence = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof endAbsence> } = {}) => {
  const saved = useAbsenceSaved();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: endAbsence,
    onSuccess: async (...args) => {
      await saved(args[0]);
      return onSuccess?.(...args);
    },
  });
};
