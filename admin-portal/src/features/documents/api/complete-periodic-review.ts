import { ChangeOrderResponse } from '@ifu/contracts';
import type { CompletePeriodicReviewRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

type CompletePeriodicReviewInput = { data: CompletePeriodicReviewRequest; version: number };

/**
 * POST /document/periodicReview/complete: the signed periodic review (meaning `periodic-review`) of the
 * version seen (If-Match): still valid (the next review date) or to be revised (opens revise-and-resubmit).
 */
export const completePeriodicReview = ({ data, version }: CompletePeriodicReviewInput): Promise<ChangeOrderResponse> =>
  api.post('/document/periodicReview/complete', data, { schema: ChangeOrderResponse, headers: ifMatch(version) });

type UseCompletePeriodicReviewOptions = { mutationConfig?: MutationConfig<typeof completePeriodicReview> };

export const useCompletePeriodicReview = ({ mutationConfig }: UseCompletePeriodicReviewOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: completePeriodicReview });
