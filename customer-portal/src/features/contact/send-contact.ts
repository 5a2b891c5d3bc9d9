import type { ContactUsRequest } from '@ifu/contracts/public';
import { callApi, messageOf } from '../../lib/http';
import { contactText as text } from '../../messages/contact';

/** POST /module2/contactUs: the message to show: on success the spec's (§8) in the reader's language; else the server's, or the spec's failure. */
export async function sendContact(apiUrl: string, request: ContactUsRequest): Promise<{ ok: boolean; message: string; status?: number }> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/contactUs', { body: request });
    const ok = status === 200;
    // Sent: the spec's words (§8), in the reader's language (the server answers the English ones). Refused: the server's.
    return { ok, message: ok ? text.sent : (messageOf(body) ?? text.failed), status };
  } catch {
    return { ok: false, message: text.failed };
  }
}
