import { PaperCopyDispatchResponse } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { PAPER_COPIES_QUERY_KEY } from './get-paper-copy-requests';

/** POST /paperCopyRequests/:id/dispatch (ADMIN): recorded with who and when, once. */
export const dispatchPaperCopy = ({ requestId }: { requestId: string }): Promise<PaperCopyDispatchResponse> =>
  api.post(`/paperCopyRequests/${encodeURIComponent(requestId)}/dispatch`, undefined, { schema: PaperCopyDispatchResponse });

type Options = { mutationConfig?: MutationConfig<typeof dispatchPaperCopy> };

export const useDispatchPaperCopy = ({ mutationConfig }: Options = {}) => {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: dispatchPaperCopy,
    // Refused too (dispatched meanwhile: 409): the list shows what is stored now.
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: PAPER_COPIES_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
};
