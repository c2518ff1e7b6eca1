import type { FastifyInstance } from 'fastify';
import {
  ConsoleSettingsResponseSchema,
  OPS_SETTINGS_API,
  ScheduleSettingBodySchema,
  ScheduleSettingResponseSchema,
} from '#contract/ops-settings.ts';
import { consoleActor } from '#server/features/ops/ops.service.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { RuleSettingsService } from './rule-settings.service.ts';

/** The console's settings page (docs/operators.md#settings). */
export async function settingsConsoleRoutes(
  app: FastifyInstance,
  { ruleSettings }: { ruleSettings: RuleSettingsService },
) {
  const routes = featureRoutes(app, ['ops']);

  routes.get(
    OPS_SETTINGS_API.list,
    {
      summary: 'The user-facing rules: default, in force now, changes to come and every change made',
      response: ConsoleSettingsResponseSchema,
    },
    () => ruleSettings.list(),
  );

  routes.post(
    OPS_SETTINGS_API.schedule,
    {
      summary: 'Changes a rule from a stated time (now or later, never earlier)',
      body: ScheduleSettingBodySchema,
      response: ScheduleSettingResponseSchema,
      permission: 'settings.edit',
      failures: [400],
    },
    ({ body, operator, request }) => ruleSettings.schedule(consoleActor(operator, request.ip), body),
  );
}
