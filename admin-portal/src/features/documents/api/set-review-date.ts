import { ChangeOrderResponse } from '@ifu/contracts';
import type { SetReviewDateRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

type SetReviewDateInput = { data: SetReviewDateRequest; version: number };

/** POST /document/periodicReview/date: the author or an ADMIN moves the periodic review date, with a reason. */
export const setReviewDate = ({ data, version }: SetReviewDateInput): Promise<ChangeOrderResponse> =>
  api.post('/document/periodicReview/date', data, { schema: ChangeOrderResponse, headers: ifMatch(version) });

type UseSetReviewDateOptions = { mutationConfig?: MutationConfig<typeof setReviewDate> };

export const useSetReviewDate = ({ mutationConfig }: UseSetReviewDateOptions = {}) => useMutation({ ...mutationConfig, mutationFn: setReviewDate });
