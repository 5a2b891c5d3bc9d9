import { ErrorResponse } from '@ifu/contracts';
import type { z } from 'zod';

import { getEnv } from '@/config/env';

import { clearAppState, getSession } from './app-state';
import { contentDispositionFilename } from './content-disposition';
import { networkErrorMessage } from './network-error';
import { currentPath, loginHref } from './return-path';

/** A failed call. `status` is undefined when the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** 'Network Error' (spec §8), with where to open the portal when it was opened at another loopback name than the API's. */
export const unreachableServerError = () => new ApiError(networkErrorMessage(window.location.href, getEnv().apiUrl));

/** The field errors of a 400 answer (`fields`: each field's message, for a form to show next to the field), or none. */
export const fieldErrors = (error: unknown): Array<{ field: string; message: string }> => {
  if (!isApiError(error) || error.status !== 400) return [];
  const parsed = ErrorResponse.safeParse(error.body);
  return parsed.success ? (parsed.data.fields ?? []) : [];
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions<T> = {
  /**
   * Sends the stored bearer token; a 401 then clears the session and goes to /login.
   * Default true; the login calls and the public screens pass false.
   */
  auth?: boolean;
  /** On an authenticated call, handle a 401 like any other error (logout does, it is leaving anyway). */
  redirectOnUnauthorized?: boolean;
  /** Validates a 2xx JSON body. */
  schema?: z.ZodType<T>;
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The browser's HTTP cache for this call. `no-store` for an answer that changes without its ETag changing (a change
   * order's view holds what the caller has opened): a revalidation would answer 304 and the stale body.
   */
  cache?: RequestCache;
  /**
   * Send the browser's cookies for the API's origin: only the login does, for its device cookie (an HttpOnly cookie
   * the API sets after a successful login, so that guesses from elsewhere cannot lock this browser's owner out).
   */
  withCookies?: boolean;
};

const buildUrl = (path: string, params?: RequestOptions<unknown>['params']) => {
  const url = new URL(`${getEnv().apiUrl}${path.startsWith('/') ? '' : '/'}${path}`);
  Object.entries(params ?? {}).forEach(([key, value]) => {
    if (value !== undefined) url.searchParams.set(key, String(value));
  });
  return url.toString();
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const unauthorized = () => {
  clearAppState();
  // The login returns to this page.
  window.location.assign(loginHref(currentPath(window.location)));
};

type SendOptions = Pick<RequestOptions<unknown>, 'auth' | 'redirectOnUnauthorized' | 'params' | 'headers' | 'signal' | 'cache' | 'withCookies'>;

/** Sends one call and answers the 2xx response; any other outcome is an ApiError with the server's message. */
async function send(method: Method, path: string, body: unknown, options: SendOptions, accept: string): Promise<Response> {
  const { auth = true, redirectOnUnauthorized = true, params, signal, cache, withCookies = false } = options;
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (auth) {
    const token = getSession()?.token;
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      method,
      headers,
      body: payload,
      signal,
      ...(cache ? { cache } : {}),
      ...(withCookies ? { credentials: 'include' as const } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unreachableServerError();
  }

  if (!response.ok) {
    const data = await readBody(response).catch(() => undefined);
    if (response.status === 401 && auth && redirectOnUnauthorized) unauthorized();
    const parsed = ErrorResponse.safeParse(data);
    // A 400 that lists its fields' errors is said in the fields' own words (the spec's texts), not the request's
    // field names ('Select Language; Select Country', not 'language: Select Language; country: Select Country').
    const message = parsed.success
      ? parsed.data.fields?.length
        ? [...new Set(parsed.data.fields.map((field) => field.message))].join('; ')
        : parsed.data.message
      : `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ''}`;
    throw new ApiError(message, response.status, data);
  }
  return response;
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
  const response = await send(method, path, body, options, 'application/json');
  const data = await readBody(response).catch(() => undefined);
  const { schema } = options;
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`[api] unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError('Unexpected response from the server', response.status, data);
  }
  return parsed.data;
}

/** A file answered by the API, with the name its Content-Disposition gives (if any). */
export type DownloadedFile = { blob: Blob; filename: string | undefined };

/** GET of a file (CSV, PDF): the body as a Blob, errors handled like any other call. */
const getFile = async (path: string, options: SendOptions & { accept?: string } = {}): Promise<DownloadedFile> => {
  const response = await send('GET', path, undefined, options, options.accept ?? '*/*');
  return { blob: await response.blob(), filename: contentDispositionFilename(response.headers.get('content-disposition')) };
};

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('DELETE', path, body, options),
  getFile,
};

/** Saves a downloaded file through a temporary Blob URL. */
export const saveFile = ({ blob, filename }: DownloadedFile, fallbackName: string) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename ?? fallbackName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * `If-Match` for a change to a record the screen shows: the server refuses it (409) when the record changed since
 * the version the screen got, instead of overwriting a change the user never saw.
 */
export const ifMatch = (version: number | undefined): Record<string, string> | undefined =>
  version === undefined ? undefined : { 'If-Match': `"${version}"` };

/** The message to show for any error (spec §8: the server's message, or 'Network Error'). */
export const errorMessage = (error: unknown, fallback = 'Something went wrong'): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * A screen's own failure text followed by the server's message when there is one (spec §8),
 * e.g. 'Failed to add user: A user with this email already exists', 'Failed to delete user. User not found'.
 */
export const failureMessage = (prefix: string, error: unknown): string => {
  const detail = error instanceof Error ? error.message.trim() : '';
  if (!detail) return prefix;
  return /[.!?]$/.test(prefix) ? `${prefix} ${detail}` : `${prefix}: ${detail}`;
};
