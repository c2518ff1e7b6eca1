import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { apiRequest, newIdempotencyKey } from './http.ts';
import { invalidateMoney } from './query-keys.ts';

/**
 * A money-moving POST: every attempt the user makes carries a fresh Idempotency-Key, so a retry of the
 * same request (by the network, or the offline queue) is credited once.
 */
export function postMoney<S extends z.core.$ZodType<{ data: unknown }>>(
  path: string,
  schema: S,
  json?: unknown,
) {
  return apiRequest(path, schema, { method: 'post', json, idempotencyKey: newIdempotencyKey() });
}

/** A mutation that moves money: once it settles, what a credit or debit changes is read again. */
export function useMoneyMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn' | 'onSettled'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateMoney(queryClient), ...options });
}
