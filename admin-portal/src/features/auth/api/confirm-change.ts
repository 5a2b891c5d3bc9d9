import { MessageResponse } from '@ifu/contracts';
import type { ConfirmChangeRequest } from '@ifu/contracts';

import { api } from '@/lib/api-client';

/**
 * POST /user/confirm/change: accepts (from the current address) or confirms (from the new one) a change of the
 * account's email or name, with the single-use token of the emailed link (not an authenticated call).
 */
export const confirmChange = ({ data }: { data: ConfirmChangeRequest }): Promise<MessageResponse> =>
  api.post('/user/confirm/change', data, { auth: false, schema: MessageResponse });
