import type { SendSearchUrlLinkRequest } from '@ifu/contracts/public';
import { callApi, messageOf } from './http';

/**
 * POST /module2/sendSearchURLLink (spec §2.1): the popup shows the server's message, after a 200 and after a refusal
 * (400 invalid address, 404, 429 too many links) alike. A network failure is silently ignored (spec §8): undefined.
 */
export async function sendSearchLink(apiUrl: string, request: SendSearchUrlLinkRequest): Promise<{ ok: boolean; message: string } | undefined> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/sendSearchURLLink', { body: request });
    const message = messageOf(body);
    return message === undefined ? undefined : { ok: status === 200, message };
  } catch {
    return undefined;
  }
}
