import { cleanup } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterEach, inject, vi } from 'vitest';

import { clearAppState } from '@/lib/app-state';

// Every screen calls the real API process of this run (test-support/ui-api-setup.ts); getEnv() reads this at its first call.
vi.stubEnv('VITE_API_URL', inject('uiApi').url);

/**
 * jsdom's FormData and Blob are not Node's, and Node's fetch (the screens' API client and the arrangements both call
 * it) cannot send them: the request never completes. A jsdom FormData body is rebuilt as Node's FormData first, each
 * file read whole, so a multipart call reaches the API as a browser's would. (jsdom's XMLHttpRequest, which the
 * wizard's uploads use, sends its own FormData itself.)
 */
const NodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor as typeof FormData;
const nodeFetch = globalThis.fetch;

async function toNodeForm(form: FormData): Promise<FormData> {
  const rebuilt = new NodeFormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') rebuilt.append(name, value);
    else rebuilt.append(name, new NodeFile([new Uint8Array(await value.arrayBuffer())], value.name, { type: value.type }) as unknown as Blob, value.name);
  }
  return rebuilt;
}

/**
 * A kept-alive connection the API process closes just as a request goes out on it fails with 'other side closed'
 * before any answer: on a loaded machine that happens now and then. Such a request is sent once more (nothing was
 * answered; the API saw no complete request on that connection).
 */
const closedBeforeAnswer = (error: unknown) =>
  error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';

globalThis.fetch = async (input, init) => {
  const sent = init?.body instanceof FormData && !(init.body instanceof NodeFormData) ? { ...init, body: await toNodeForm(init.body) } : init;
  try {
    return await nodeFetch(input, sent);
  } catch (error) {
    if (!closedBeforeAnswer(error) || sent?.signal?.aborted) throw error;
    return nodeFetch(input, sent);
  }
};

afterEach(() => {
  cleanup();
  clearAppState();
  localStorage.clear();
  sessionStorage.clear();
});
