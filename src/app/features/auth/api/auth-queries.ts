import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckInResponseSchema, LogoutResponseSchema, type CheckInBody } from '#contract/auth.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';
import { session } from '#app/lib/session.ts';

/** Registers or signs in; on success the device holds the new session. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, botToken = null }: { body: CheckInBody; botToken?: string | null }) =>
      apiRequest(API.checkIn, CheckInResponseSchema, { method: 'post', json: body, botToken }),
    onSuccess: (data) => {
      queryClient.clear();
      session.signIn(data.userInfo.token, data.userInfo.username);
    },
  });
}

/** Signs out: the server revokes the session, and the device forgets it either way. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.logout, LogoutResponseSchema, { method: 'post' }),
    onSettled: async () => {
      const account = session.account();
      session.clear();
      queryClient.clear();
      if (account) await (await import('#app/lib/query-persistence.ts')).forgetPersistedCache(account);
    },
  });
}
