import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { PushSettingsResponseSchema, type PushSettings } from '#contract/push.ts';
import type { PushTopic } from '#domain/push/topics.ts';
import { apiRequest } from '#app/lib/http.ts';

const pushSettingsKey = ['push', 'settings'] as const;

/** What this user chose to be told by push. */
export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: pushSettingsKey,
    queryFn: () => apiRequest(API.pushSettings, PushSettingsResponseSchema),
  });

/** Switches one kind at once on screen (a checkbox must follow the tap) and undoes it if the server refuses. */
export function useSetPushTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...pushSettingsKey, 'set'],
    mutationFn: (body: { topic: PushTopic; enabled: boolean }) =>
      apiRequest(API.pushSettings, PushSettingsResponseSchema, { method: 'post', json: body }),
    onMutate: async ({ topic, enabled }) => {
      await queryClient.cancelQueries({ queryKey: pushSettingsKey });
      const before = queryClient.getQueryData<PushSettings>(pushSettingsKey);
      if (before)
        queryClient.setQueryData(pushSettingsKey, {
          ...before,
          topics: { ...before.topics, [topic]: enabled },
        });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(pushSettingsKey, context.before);
    },
    onSuccess: (settings) => {
      // With other switches still on their way, their optimistic state stays until their answer.
      if (queryClient.isMutating({ mutationKey: [...pushSettingsKey, 'set'] }) <= 1) {
        queryClient.setQueryData(pushSettingsKey, settings);
      }
    },
  });
}
