import { z } from 'zod/mini';
import { RULE_SETTING_NAMES } from '#domain/rules/rule-settings.ts';
import { EpochSecondsInputSchema, EpochSecondsSchema, successSchema } from './envelope.ts';
import { ReasonSchema } from './ops.ts';

/**
 * The console's settings (docs/operators.md#settings): the user-facing rules, each change dated and
 * effective from a stated time, never earlier than it was made.
 */
export const OPS_SETTINGS_API = {
  list: '/api/ops/settings',
  schedule: '/api/ops/settings/schedule',
} as const;

export const ScheduleSettingBodySchema = z.object({
  name: z.enum(RULE_SETTING_NAMES),
  /** As shown in the list: XRP decimals, percents, whole numbers, true/false, JSON for exchanges. */
  value: z.string().check(z.maxLength(20_000)),
  /** When it takes effect; absent: now (after a few seconds, so that every server has it). */
  effective_time: z.optional(EpochSecondsInputSchema),
  reason: z._default(ReasonSchema, ''),
});
export type ScheduleSettingBody = z.infer<typeof ScheduleSettingBodySchema>;

export const SettingChangeSchema = z.object({
  id: z.number().check(z.int()),
  name: z.enum(RULE_SETTING_NAMES),
  value: z.string(),
  effective_time: EpochSecondsSchema,
  created_time: EpochSecondsSchema,
  created_by: z.string(),
});
export type SettingChange = z.infer<typeof SettingChangeSchema>;

export const ConsoleSettingSchema = z.object({
  name: z.enum(RULE_SETTING_NAMES),
  /** From the server's configuration. */
  default: z.string(),
  /** In force now. */
  current: z.string(),
  /** Changes that take effect later, soonest first. */
  scheduled: z.array(SettingChangeSchema),
});
export type ConsoleSetting = z.infer<typeof ConsoleSettingSchema>;

export const ConsoleSettingsResponseSchema = successSchema(
  z.object({
    list: z.array(ConsoleSettingSchema),
    /** Every change ever made, the latest made first. */
    history: z.array(SettingChangeSchema),
    /** A change made "now" takes effect this many seconds later. */
    lead_seconds: z.number().check(z.int()),
    server_time: EpochSecondsSchema,
  }),
);
export const ScheduleSettingResponseSchema = successSchema(SettingChangeSchema);
