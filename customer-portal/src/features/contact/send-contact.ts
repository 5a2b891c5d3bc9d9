import type { ContactUsRequest } from '@ifu/contracts/public';
import { callApi, messageOf } from '../../lib/http';
import { contactText as text } from '../../messages/contact';

/** POST /module2/contactUs: the message to show, the server's or, when it gave none, the spec's (§8). */
export async function sendContact(apiUrl: string, request: ContactUsRequest): Promise<{ ok: boolean; message: string; status?: number }> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/contactUs', { body: request });
    const ok = status === 200;
    return { ok, message: messageOf(body) ?? (ok ? text.sent : text.failed), status };
  } catch {
    return { ok: false, message: text.failed };
  }
}
