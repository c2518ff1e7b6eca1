import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { apiRequest } from './http.ts';

type Envelope = z.core.$ZodType<{ data: unknown }>;

/**
 * A plain GET of one API path, cached under `queryKey`: most reads are only this. `pick` keeps one
 * part of the answer (a list) in the cache; `staleTime` is left out when not given, so the client's
 * default (lib/query-client.ts) applies.
 */
export function apiQueryOptions<K extends QueryKey, S extends Envelope, T = z.output<S>['data']>(
  queryKey: K,
  path: string,
  schema: S,
  { staleTime, pick }: { staleTime?: number; pick?: (data: z.output<S>['data']) => T } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<T> => {
      const data = await apiRequest(path, schema);
      return pick ? pick(data) : (data as T);
    },
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/**
 * A change after which the queries under `queryKey` are read again: by default whether it worked or
 * not (a refused change may still have moved something), or only after it worked.
 */
export function useRefetchingMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  queryKey: QueryKey,
  after: 'settled' | 'success' = 'settled',
) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn,
    ...(after === 'success' ? { onSuccess: refetch } : { onSettled: refetch }),
  });
}
