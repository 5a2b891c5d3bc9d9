import { MessageResponse } from '@ifu/contracts';
import type { NotifyAdminRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/notify/admin: asks an administrator to activate the user or the email (spec §7.1). */
export const notifyAdmin = ({ data }: { data: NotifyAdminRequest }): Promise<MessageResponse> =>
  api.post('/user/notify/admin', data, { auth: false, schema: MessageResponse });

type UseNotifyAdminOptions = { mutationConfig?: MutationConfig<typeof notifyAdmin> };

export const useNotifyAdmin = ({ mutationConfig }: UseNotifyAdminOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: notifyAdmin });
