import { ReviewAuditTrailResponse } from '@ifu/contracts';
import type { ReviewAuditTrailRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { AUDIT_REVIEW_QUERY_KEY } from './get-record-history';

/** POST /audit/reviews: the reviewer signs (meaning review) that they reviewed the trail of a date range. */
export const signReview = (body: ReviewAuditTrailRequest): Promise<ReviewAuditTrailResponse> =>
  api.post('/audit/reviews', body, { schema: ReviewAuditTrailResponse });

type UseSignReviewOptions = { mutationConfig?: MutationConfig<typeof signReview> };

export const useSignReview = ({ mutationConfig }: UseSignReviewOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: signReview,
    onSuccess: async (...args) => {
      // The review itself is in the log: every history on screen may now list it.
      await queryClient.invalidateQueries({ queryKey: AUDIT_REVIEW_QUERY_KEY });
      await onSuccess?.(...args);
    },
  });
};
