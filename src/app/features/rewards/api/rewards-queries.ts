import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { ClaimResponseSchema, DailyRewardResponseSchema } from '#contract/rewards.ts';
import { apiRequest, newIdempotencyKey } from '#app/lib/http.ts';
import { invalidateMoney, queryKeys } from '#app/lib/query-keys.ts';

export const rewardKeys = queryKeys.rewards;

export const dailyRewardQueryOptions = () =>
  queryOptions({
    queryKey: rewardKeys.daily(),
    queryFn: () => apiRequest(API.dailyReward, DailyRewardResponseSchema),
    staleTime: 30_000,
  });

/** Claims today's interest: the amount shown travels along, so the server credits exactly it. */
export function useClaimInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shownAmount: string) =>
      apiRequest(API.claimInterest, ClaimResponseSchema, {
        method: 'post',
        json: { amount: shownAmount },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => invalidateMoney(queryClient),
  });
}

export function useClaimGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(API.newUserReward, ClaimResponseSchema, {
        method: 'post',
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => invalidateMoney(queryClient),
  });
}
