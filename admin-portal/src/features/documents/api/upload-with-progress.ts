import { ErrorResponse } from '@ifu/contracts';
import type { z } from 'zod';

import { getEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { clearAppState, getSession } from '@/lib/app-state';

import type { UploadProgress } from './progress-per-file';


type UploadOptions<T> = {
  method?: 'POST' | 'PUT';
  schema: z.ZodType<T>;
  onProgress?: (progress: UploadProgress) => void;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * A multipart upload that reports its progress: fetch cannot tell how much of a request body was sent, so this one
 * call goes through XMLHttpRequest. It behaves as the API client does: the bearer token, the 2xx body validated by
 * the contract's schema, any other answer an ApiError with the server's `message` ('Network Error' when the server
 * was not reached), and a 401 clears the session and goes to /login.
 */
export const uploadWithProgress = <T>(path: string, body: FormData, options: UploadOptions<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const { method = 'POST', schema, onProgress, headers = {}, signal } = options;
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${getEnv().apiUrl}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    Object.entries(headers).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) {
          clearAppState();
          window.location.assign(paths.auth.login.getHref());
        }
        const parsed = ErrorResponse.safeParse(data);
        const message = parsed.success
          ? parsed.data.message
          : `Request failed with status ${xhr.status}${xhr.statusText ? ` (${xhr.statusText})` : ''}`;
        reject(new ApiError(message, xhr.status, data));
        return;
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        console.error(`[api] unexpected response from ${method} ${path}`, parsed.error.issues);
        reject(new ApiError('Unexpected response from the server', xhr.status, data));
        return;
      }
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
