import { type MailPreferenceRequest, MailPreferenceResponse } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getCurrentUserQueryOptions } from './current-user';

/** PUT /user/me/mail-preference: the signed-in user's choice of one mail for each task or one daily digest. */
export const saveMailPreference = (body: MailPreferenceRequest) => api.put('/user/me/mail-preference', body, { schema: MailPreferenceResponse });

export const useSaveMailPreference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreference,
    // GET /user/me answers the choice: the form shows it as saved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
  });
};
