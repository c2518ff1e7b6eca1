import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ConsoleSettingsResponseSchema,
  OPS_SETTINGS_API,
  ScheduleSettingResponseSchema,
  type ScheduleSettingBody,
} from '#contract/ops-settings.ts';
import { opsRequest } from './ops-http.ts';
import { opsKeys } from './ops-queries.ts';

const settingsKey = () => [...opsKeys.all, 'settings'] as const;

export const consoleSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey(),
    queryFn: () => opsRequest(OPS_SETTINGS_API.list, ConsoleSettingsResponseSchema),
  });

export function useScheduleSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleSettingBody) =>
      opsRequest(OPS_SETTINGS_API.schedule, ScheduleSettingResponseSchema, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey() }),
  });
}
