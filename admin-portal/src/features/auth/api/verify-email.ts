import { VerifyEmailResponse } from '@ifu/contracts';
import type { VerifyEmailRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/verify/email: the login's first step (not an authenticated call). */
export const verifyEmail = ({ data }: { data: VerifyEmailRequest }): Promise<VerifyEmailResponse> =>
  api.post('/user/verify/email', data, { auth: false, schema: VerifyEmailResponse });

type UseVerifyEmailOptions = { mutationConfig?: MutationConfig<typeof verifyEmail> };

export const useVerifyEmail = ({ mutationConfig }: UseVerifyEmailOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: verifyEmail });
