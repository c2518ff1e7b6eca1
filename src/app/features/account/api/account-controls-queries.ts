import { useMutation } from '@tanstack/react-query';
import { DeleteAccountResponseSchema, SignedOutDevicesResponseSchema } from '#contract/auth.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';
import { forgetPersistedCache } from '#app/lib/query-persistence.ts';
import { session } from '#app/lib/session.ts';
import { forgetQueuedOf } from '#app/pwa/sync-queue.ts';

/** Changes the password; the server signs every other device out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { password: string; new_password: string; confirm_password: string }) =>
      apiRequest(API.changePassword, SignedOutDevicesResponseSchema, {
        method: 'post',
        json: body,
      }),
  });
}

/** Deletes the account; the device then forgets the session and the account's cached data. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(API.deleteAccount, DeleteAccountResponseSchema, {
        method: 'post',
        json: { password },
      }),
    onSuccess: async () => {
      const account = session.account();
      session.clear();
      if (account) {
        forgetQueuedOf(account);
        await forgetPersistedCache(account);
      }
    },
  });
}
