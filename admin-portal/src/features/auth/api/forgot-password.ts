import { MessageResponse } from '@ifu/contracts';
import type { ForgotPasswordRequest as ForgotPasswordRequestSchema } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** POST /user/forgot/password (spec §7.1): answered 200 with the same message whether or not the email exists. */
export const forgotPassword = ({ data }: { data: ForgotPasswordRequest }): Promise<MessageResponse> =>
  api.post('/user/forgot/password', data, { auth: false, schema: MessageResponse });

type UseForgotPasswordOptions = { mutationConfig?: MutationConfig<typeof forgotPassword> };

export const useForgotPassword = ({ mutationConfig }: UseForgotPasswordOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: forgotPassword });
