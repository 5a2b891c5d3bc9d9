import type { DefaultOptions, UseMutationOptions } from '@tanstack/react-query';

import { isApiError } from './api-client';

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    // A 4xx will not change on retry; a network error or a 5xx may.
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status !== undefined && error.status < 500) && failureCount < 2,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any) => Promise<any>;

export type ApiFnReturnType<FnType extends AnyFn> = Awaited<ReturnType<FnType>>;

export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export type MutationConfig<MutationFnType extends AnyFn> = UseMutationOptions<
  ApiFnReturnType<MutationFnType>,
  Error,
  Parameters<MutationFnType>[0]
>;
