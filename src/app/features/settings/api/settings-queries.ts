import { queryOptions } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { PublicSettingsResponseSchema } from '#contract/settings.ts';
import { apiRequest } from '#app/lib/http.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

export const settingsKeys = queryKeys.settings;

/** The rules in force and live statistics: what Landing and the rule texts show (docs/product-rules.md#no-contradicting-claims). */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: () => apiRequest(API.customSettings, PublicSettingsResponseSchema),
  });
