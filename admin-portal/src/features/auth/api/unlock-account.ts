import { MessageResponse } from '@ifu/contracts';
import type { UnlockRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/unlock: lifts a lock with the single-use token of the emailed link (not an authenticated call). */
export const unlockAccount = ({ data }: { data: UnlockRequest }): Promise<MessageResponse> =>
  api.post('/user/unlock', data, { auth: false, schema: MessageResponse });

type UseUnlockAccountOptions = { mutationConfig?: MutationConfig<typeof unlockAccount> };

export const useUnlockAccount = ({ mutationConfig }: UseUnlockAccountOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: unlockAccount });
