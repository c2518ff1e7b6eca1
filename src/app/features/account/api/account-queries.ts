import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SetLanguageResponseSchema, UserInfoResponseSchema, type UserInfo } from '#contract/auth.ts';
import { API } from '#contract/paths.ts';
import type { Locale } from '#domain/i18n/locales.ts';
import { apiRequest } from '#app/lib/http.ts';
import { session } from '#app/lib/session.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

export const accountKeys = queryKeys.account;

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.userInfo(),
    queryFn: async () => {
      const { userInfo } = await apiRequest(API.userInfo, UserInfoResponseSchema);
      session.rememberAccount(userInfo.username);
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
