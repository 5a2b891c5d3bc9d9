import { ChangeOrderResponse, MessageResponse } from '@ifu/contracts';
import type { DeleteChildDocRequest, DeleteParentChangeRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { DOCUMENTS_QUERY_KEY } from './get-document-list';

/** What a deactivation is of: one child document, or the whole change order. */
export type DeactivationTarget = { kind: 'child'; childDocumentId: string } | { kind: 'parent'; parentChangeId: string };

export type DeactivateDocumentInput = {
  target: DeactivationTarget;
  credentials: { username: string; password: string };
  /** The change order's version the signer saw (ChangeOrderView.version): a change order changed since is refused (409). */
  version: number;
  /** Why a child is deactivated (trimmed; '' sends none): recorded in the event and shown in the audit trail. */
  reason?: string;
};

export type DeactivateDocumentResult =
  | { kind: 'child'; response: ChangeOrderResponse }
  | { kind: 'parent'; response: MessageResponse };

/**
 * DELETE /document/deleteChildDoc {childDocumentId, username, password, reason?} answers the change order as it now is;
 * DELETE /document/deleteParentChange {documentParentChangeId, username, password} answers a message. Both are
 * signed with the user's own credentials (meaning `deactivation`) and send the version seen as If-Match. Wrong or
 * someone else's credentials are a 403 (never a 401, which would log out).
 */
export const deactivateDocument = async ({ target, credentials, version, reason }: DeactivateDocumentInput): Promise<DeactivateDocumentResult> => {
  const headers = ifMatch(version);
  if (target.kind === 'child') {
    const body: z.input<typeof DeleteChildDocRequest> = { childDocumentId: target.childDocumentId, ...credentials, ...(reason ? { reason } : {}) };
    return { kind: 'child', response: await api.delete('/document/deleteChildDoc', body, { schema: ChangeOrderResponse, headers }) };
  }
  const body: z.input<typeof DeleteParentChangeRequest> = { documentParentChangeId: target.parentChangeId, ...credentials };
  return { kind: 'parent', response: await api.delete('/document/deleteParentChange', body, { schema: MessageResponse, headers }) };
};

type UseDeactivateDocumentOptions = { mutationConfig?: MutationConfig<typeof deactivateDocument> };

export const useDeactivateDocument = ({ mutationConfig }: UseDeactivateDocumentOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deactivateDocument,
    onSuccess: async (...args) => {
      const [result] = args;
      if (result.kind === 'parent') {
        // A deactivated change order is gone: no list shows it again from the cache (the caller goes to the list),
        // and its own page, still on screen until then, is not asked for again.
        queryClient.removeQueries({ queryKey: [...DOCUMENTS_QUERY_KEY, 'list'] });
      } else {
        await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      }
      return onSuccess?.(...args);
    },
  });
};
