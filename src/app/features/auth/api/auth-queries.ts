import { useMutation } from '@tanstack/react-query';
import { CheckInResponseSchema, LogoutResponseSchema, type CheckInBody } from '#contract/auth.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';
import { adoptKeptUnderUsername } from '#app/lib/account-refile.ts';
import { session } from '#app/lib/session.ts';

/** Registers or signs in; on success the device holds the new session. */
export function useCheckIn() {
  return useMutation({
    mutationFn: ({ body, botToken = null }: { body: CheckInBody; botToken?: string | null }) =>
      apiRequest(API.checkIn, CheckInResponseSchema, { method: 'post', json: body, botToken }),
    // The new session reads from a client of its own (lib/account-query-clients.ts).
    onSuccess: ({ userInfo }) => {
      session.signIn(userInfo.token, userInfo);
      if (userInfo.account_id !== undefined) void adoptKeptUnderUsername(userInfo);
    },
  });
}

/** Signs out: the server revokes the session, and the device forgets it either way. */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest(API.logout, LogoutResponseSchema, { method: 'post' }),
    onSettled: async () => {
      const account = session.account();
      // Before the session goes: the push record is kept per device, not per account.
      await (await import('#app/pwa/push-device.ts')).forgetPushDevice();
      session.clear();
      if (account) await (await import('#app/lib/query-persistence.ts')).forgetPersistedCache(account);
    },
  });
}
