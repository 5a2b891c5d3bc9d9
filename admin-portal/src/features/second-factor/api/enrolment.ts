import { ConfirmEnrolmentResponse, CurrentUserResponse, StartEnrolmentResponse } from '@ifu/contracts';
import type { ConfirmEnrolmentRequest } from '@ifu/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /user/me: whether the account has a second factor now. */
export const useFactorStatus = () =>
  useQuery({ queryKey: ['second-factor-status'], queryFn: () => api.get('/user/me', { schema: CurrentUserResponse }), staleTime: 0 });

/** POST /user/second-factor/enrolment: a new secret, as text and as a QR code (shown once). */
export const useStartEnrolment = () =>
  useMutation({ mutationFn: () => api.post('/user/second-factor/enrolment', undefined, { schema: StartEnrolmentResponse }) });

/** POST /user/second-factor/enrolment/confirm: a current code confirms it; answers the recovery codes (shown once). */
export const useConfirmEnrolment = ({ onSuccess }: { onSuccess?: (response: ConfirmEnrolmentResponse) => void } = {}) =>
  useMutation({
    mutationFn: (data: ConfirmEnrolmentRequest) => api.post('/user/second-factor/enrolment/confirm', data, { schema: ConfirmEnrolmentResponse }),
    onSuccess,
  });
