import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import {
  AdCompleteResponseSchema,
  AddressResponseSchema,
  AdStartResponseSchema,
  AdStatusResponseSchema,
  CheckedAddressResponseSchema,
  ExchangeWhitelistResponseSchema,
  RecentWithdrawalsResponseSchema,
  WithdrawLogsResponseSchema,
  WithdrawRulesResponseSchema,
  WithdrawStatusResponseSchema,
} from '#contract/withdraw.ts';
import { deviceRecords } from '#app/lib/device-records.ts';
import { ApiError, apiRequest } from '#app/lib/http.ts';
import { invalidateMoney, queryKeys } from '#app/lib/query-keys.ts';
import { postMoney, useMoneyMutation } from '#app/lib/money-mutation.ts';
import { apiQueryOptions, useRefetchingMutation } from '#app/lib/api-query.ts';

export const withdrawKeys = queryKeys.withdraw;

export const addressQueryOptions = () =>
  apiQueryOptions(withdrawKeys.address(), API.getAddress, AddressResponseSchema);

export const withdrawRulesQueryOptions = () =>
  apiQueryOptions(withdrawKeys.rules(), API.withdrawRules, WithdrawRulesResponseSchema, { staleTime: 0 });

/** The end of the waiting period is also kept on the device, for the status screen offline. */
export const withdrawStatusQueryOptions = () =>
  queryOptions({
    queryKey: withdrawKeys.status(),
    queryFn: async () => {
      const status = await apiRequest(API.getWithdrawStatus, WithdrawStatusResponseSchema);
      if (status.end_time !== null) await deviceRecords.write('withdrawEndTime', status.end_time * 1000);
      else await deviceRecords.forget('withdrawEndTime');
      return status;
    },
    staleTime: 0,
  });

export const withdrawLogsQueryOptions = () =>
  apiQueryOptions(withdrawKeys.logs(), API.withdrawLogs, WithdrawLogsResponseSchema, { pick: (d) => d.list });

export const adStatusQueryOptions = () =>
  apiQueryOptions(withdrawKeys.ad(), API.adStatus, AdStatusResponseSchema, { staleTime: 0 });

export const whitelistQueryOptions = () =>
  apiQueryOptions(withdrawKeys.whitelist(), API.exchangeWhitelist, ExchangeWhitelistResponseSchema, {
    pick: (d) => d.list,
    staleTime: Infinity,
  });

export const recentWithdrawalsQueryOptions = () =>
  apiQueryOptions(withdrawKeys.recent(), API.recentWithdrawals, RecentWithdrawalsResponseSchema, {
    pick: (d) => d.list,
    staleTime: 60_000,
  });

/** Runs every check saving would, without saving: the confirmation only follows an address that passed. */
export function useCheckAddress() {
  return useMutation({
    mutationFn: (body: { walletaddress: string; tag: string }) =>
      apiRequest(API.checkAddress, CheckedAddressResponseSchema, { method: 'post', json: body }),
  });
}

/** Replaces the address after the password; withdrawals wait 72 hours. */
export function useChangeAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { walletaddress: string; tag: string; password: string }) =>
      apiRequest(API.changeAddress, AddressResponseSchema, { method: 'post', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.all }),
  });
}

/** Saves the first address after the password. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { walletaddress: string; tag: string; password: string }) =>
      apiRequest(API.setAddress, AddressResponseSchema, { method: 'post', json: body }),
    onSuccess: () => invalidateMoney(queryClient),
  });
}

/**
 * Withdraws the whole balance on the waiting period the user confirmed; the key is made when the user
 * confirms, so a retry withdraws once. A period changed since is refused, and the one in force read.
 */
export function useStartWithdrawal() {
  const queryClient = useQueryClient();
  return useMoneyMutation(
    (waitingDays: number) =>
      postMoney(API.setWithdrawStatus, WithdrawStatusResponseSchema, { waiting_days: waitingDays }),
    {
      onError: async (error) => {
        if (error instanceof ApiError && error.code === 'withdraw.terms_changed') {
          await queryClient.invalidateQueries({ queryKey: queryKeys.settings.public() });
        }
      },
    },
  );
}

export function useStartAd() {
  return useRefetchingMutation(
    () =>
      apiRequest(API.adStart, AdStartResponseSchema, {
        method: 'post',
      }),
    withdrawKeys.ad(),
  );
}

export function useCompleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postMoney(API.adComplete, AdCompleteResponseSchema),
    onSuccess: async (result) => {
      // The ad record on the device (the server's is the one that counts).
      const previous = await deviceRecords.read('adWatch');
      await deviceRecords.write('adWatch', {
        lastWatchTime: Date.now(),
        totalReducedHours: (previous?.totalReducedHours ?? 0) + result.reduced_today,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.all }),
  });
}
