import { MessageResponse } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

// Not yet in @ifu/contracts; the server endpoint arrives in a later issue.
export type ForgotPasswordRequest = { email: string };

/** POST /user/forgot/password (spec §7.1). */
export const forgotPassword = ({ data }: { data: ForgotPasswordRequest }): Promise<MessageResponse> =>
  api.post('/user/forgot/password', data, { auth: false, schema: MessageResponse });

type UseForgotPasswordOptions = { mutationConfig?: MutationConfig<typeof forgotPassword> };

export const useForgotPassword = ({ mutationConfig }: UseForgotPasswordOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: forgotPassword });
