import { AddDocumentListDataResponse } from '@ifu/contracts';
import type { AddDocumentListData, ReviseChangeOrderRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { DOCUMENTS_QUERY_KEY } from './change-order';

/**
 * POST /document/addDocumentListData: the whole change order (the parent, every child with its uploaded PDF), signed
 * by its author with their own username and password. The answer names it ('Document CO-2026-00001 Added
 * Succesfully..!!').
 */
export const addDocumentListData = ({ data }: { data: AddDocumentListData }): Promise<AddDocumentListDataResponse> =>
  api.post('/document/addDocumentListData', data, { schema: AddDocumentListDataResponse });

/**
 * The wizard's submit: a new change order, or (revise and resubmit) a revision of a rejected one, which
 * names it (`revises`) and keeps its stored files: POST /document/reviseChangeOrder.
 */
export const submitChangeOrder = ({ data }: { data: AddDocumentListData | ReviseChangeOrderRequest }): Promise<AddDocumentListDataResponse> =>
  'revises' in data ? api.post('/document/reviseChangeOrder', data, { schema: AddDocumentListDataResponse }) : addDocumentListData({ data });

type Options = { mutationConfig?: MutationConfig<typeof submitChangeOrder> };

export const useAddDocumentListData = ({ mutationConfig }: Options = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: submitChangeOrder,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};
