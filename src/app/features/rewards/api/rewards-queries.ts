import { queryOptions } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { ClaimResponseSchema, DailyRewardResponseSchema } from '#contract/rewards.ts';
import { apiRequest } from '#app/lib/http.ts';
import { queryKeys } from '#app/lib/query-keys.ts';
import { postMoney, useMoneyMutation } from '#app/lib/money-mutation.ts';

export const rewardKeys = queryKeys.rewards;

export const dailyRewardQueryOptions = () =>
  queryOptions({
    queryKey: rewardKeys.daily(),
    queryFn: () => apiRequest(API.dailyReward, DailyRewardResponseSchema),
    staleTime: 30_000,
  });

/** Claims today's interest: the amount shown travels along, so the server credits exactly it. */
export function useClaimInterest() {
  return useMoneyMutation((shownAmount: string) =>
    postMoney(API.claimInterest, ClaimResponseSchema, { amount: shownAmount }),
  );
}

/** Claims the new-user gift, with the amount shown, as the interest does. */
export function useClaimGift() {
  return useMoneyMutation((shownAmount: string) =>
    postMoney(API.newUserReward, ClaimResponseSchema, { amount: shownAmount }),
  );
}
