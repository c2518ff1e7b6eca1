import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { PushSettingsResponseSchema } from '#contract/push.ts';
import type { PushTopic } from '#domain/push/topics.ts';
import { apiRequest } from '#app/lib/http.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

const pushSettingsKey = queryKeys.push.settings();

/** What this user chose to be told by push. */
export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: pushSettingsKey,
    queryFn: () => apiRequest(API.pushSettings, PushSettingsResponseSchema),
  });

/**
 * Switches one kind. Each answer is the user's settings as saved; when the last of several quick
 * switches has settled, they are read again, so answers arriving out of order cannot leave a stale one.
 */
export function useSetPushTopic() {
  const queryClient = useQueryClient();
  const mutationKey = [...pushSettingsKey, 'set'];
  return useMutation({
    mutationKey,
    mutationFn: (body: { topic: PushTopic; enabled: boolean }) =>
      apiRequest(API.pushSettings, PushSettingsResponseSchema, { method: 'post', json: body }),
    onSuccess: (settings) => queryClient.setQueryData(pushSettingsKey, settings),
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) <= 1)
        void queryClient.invalidateQueries({ queryKey: pushSettingsKey });
    },
  });
}
