import { useRefetchingMutation } from '#app/lib/api-query.ts';
import {
  ConsoleSettingsResponseSchema,
  OPS_SETTINGS_API,
  ScheduleSettingResponseSchema,
  type ScheduleSettingBody,
} from '#contract/ops-settings.ts';
import { opsRequest } from './ops-http.ts';
import { opsKeys, opsQueryOptions } from './ops-queries.ts';

const settingsKey = () => [...opsKeys.all, 'settings'] as const;

export const consoleSettingsQueryOptions = () =>
  opsQueryOptions(settingsKey(), OPS_SETTINGS_API.list, ConsoleSettingsResponseSchema);

export const useScheduleSetting = () =>
  useRefetchingMutation(
    (body: ScheduleSettingBody) =>
      opsRequest(OPS_SETTINGS_API.schedule, ScheduleSettingResponseSchema, { method: 'POST', json: body }),
    settingsKey(),
    'success',
  );
