import { ChangeOrderResponse } from '@ifu/contracts';
import type { DecideAccessibilityRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

type DecideAccessibilityInput = { data: DecideAccessibilityRequest; version: number };

/**
 * POST /document/accessibility/decide: the change order's approver signs (`approve` true, meaning
 * `approval`) or rejects with a reason a pending Online/Offline change, with the version seen as If-Match.
 */
export const decideAccessibility = ({ data, version }: DecideAccessibilityInput): Promise<ChangeOrderResponse> =>
  api.post('/document/accessibility/decide', data, { schema: ChangeOrderResponse, headers: ifMatch(version) });

type UseDecideAccessibilityOptions = { mutationConfig?: MutationConfig<typeof decideAccessibility> };

export const useDecideAccessibility = ({ mutationConfig }: UseDecideAccessibilityOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: decideAccessibility });
