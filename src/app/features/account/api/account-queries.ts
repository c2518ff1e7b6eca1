import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SetLanguageResponseSchema,
  UserInfoResponseSchema,
  WelcomedResponseSchema,
  type UserInfo,
} from '#contract/auth.ts';
import { API } from '#contract/paths.ts';
import type { Locale } from '#domain/i18n/locales.ts';
import { apiRequest } from '#app/lib/http.ts';
import { refileAccount } from '#app/lib/account-refile.ts';
import { session } from '#app/lib/session.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

export const accountKeys = queryKeys.account;

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.userInfo(),
    queryFn: async () => {
      const sentWith = session.token();
      const { userInfo } = await apiRequest(API.userInfo, UserInfoResponseSchema);
      const before = session.rememberAccount(userInfo, sentWith);
      if (before) void refileAccount(before, userInfo);
      return userInfo;
    },
  });

/** Keeps the interface language on the account, so another device signs in with it. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Locale) =>
      apiRequest(API.setLanguage, SetLanguageResponseSchema, { method: 'post', json: { language } }),
    onSuccess: ({ language }) => {
      queryClient.setQueryData(accountKeys.userInfo(), (old: UserInfo | undefined) =>
        old ? { ...old, language } : old,
      );
    },
  });
}

/**
 * Records on the account that the first-run welcome was seen or skipped, so that no device shows it
 * again. The screen hides it at once; the server keeps the first time however often this is sent.
 */
export function useMarkWelcomed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.welcomed, WelcomedResponseSchema, { method: 'post', json: {} }),
    onMutate: () => {
      queryClient.setQueryData(accountKeys.userInfo(), (old: UserInfo | undefined) =>
        old && old.welcomed_time === null ? { ...old, welcomed_time: 0 } : old,
      );
    },
    onSuccess: ({ welcomed_time }) => {
      queryClient.setQueryData(accountKeys.userInfo(), (old: UserInfo | undefined) =>
        old ? { ...old, welcomed_time } : old,
      );
    },
  });
}
