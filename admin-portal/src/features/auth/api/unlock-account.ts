import { MessageResponse } from '@ifu/contracts';
import type { UnlockRequest } from '@ifu/contracts';

import { api } from '@/lib/api-client';

/** POST /user/unlock: lifts a lock with the single-use token of the emailed link (not an authenticated call). */
export const unlockAccount = ({ data }: { data: UnlockRequest }): Promise<MessageResponse> =>
  api.post('/user/unlock', data, { auth: false, schema: MessageResponse });
