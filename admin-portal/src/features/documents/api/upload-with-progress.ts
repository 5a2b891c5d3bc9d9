import { ErrorResponse } from '@ifu/contracts';
import type { z } from 'zod';

import { getEnv } from '@/config/env';
import { ApiError, unreachableServerError } from '@/lib/api-client';
import { clearAppState, getSession } from '@/lib/app-state';
import { currentPath, loginHref } from '@/lib/return-path';

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
 * A multipart upload that reports its progress: fetch cannot tell how much of a request body was sent, so these
 * calls go through XMLHttpRequest. `onProgress` hears the bytes sent, then once `sent: true` when the last byte is out
 * (the server's processing, until it answers). It behaves as the API client does: the bearer token, the 2xx body validated by
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

    let total = 0;
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      total = event.total;
      onProgress?.({ loaded: event.loaded, total: event.total });
    };
    // Every byte is out: the server now checks and stores the files, and its answer is still to come.
    xhr.upload.onload = () => onProgress?.({ loaded: total, total, sent: true });
    xhr.onerror = () => reject(unreachableServerError());
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) {
          clearAppState();
          window.location.assign(loginHref(currentPath(window.location)));
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
