import { cleanup } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { randomInt } from 'node:crypto';
import { afterEach, inject, vi } from 'vitest';

import { clearAppState } from '@/lib/app-state';

import { fetchOnceMoreIfClosed } from '../../../test-support/http-client';

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
 * The address this test file's requests come from, as a proxy in front of the API would say it (the UI API trusts
 * one proxy hop: ui-api-setup.ts). Every file shares the one API process; from one address, one file's password check
 * was refused as busy (429 password-check-busy, one check per address at a time) while another file set a password,
 * and per-address limits were shared by the whole run. 198.18.0.0/15 is the range set aside for such tests (RFC 2544).
 */
const testFileAddress = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;

function fromTestFileAddress(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): RequestInit {
  // A Request's own headers count unless init replaces them.
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', testFileAddress);
  return { ...init, headers };
}

globalThis.fetch = async (input, init) => {
  const addressed = fromTestFileAddress(input, init);
  const sent = addressed.body instanceof FormData && !(addressed.body instanceof NodeFormData) ? { ...addressed, body: await toNodeForm(addressed.body) } : addressed;
  // A connection closed before any answer (on a loaded machine, now and then) is tried once more.
  return fetchOnceMoreIfClosed(input, sent, nodeFetch);
};

afterEach(() => {
  cleanup();
  clearAppState();
  localStorage.clear();
  sessionStorage.clear();
});
