import { z } from 'zod';

/** The navigation state /sendRequest needs (spec §2.1). */
export const SendRequestState = z.object({
  username: z.string().min(1),
  reason: z.string().min(1).catch('grant access'),
});
export type SendRequestState = z.infer<typeof SendRequestState>;
