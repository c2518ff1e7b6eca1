import { z } from 'zod/mini';
import { successSchema } from './envelope.ts';

/**
 * Opt-in usage counts (docs/transparency.md#usage-counts): the app sends how many times a few things
 * happened, the server adds them to the day's totals. No user, device or session is kept.
 */
export const USAGE_API = {
  count: '/api/usage/count',
} as const;
export const USAGE_OPS_API = {
  days: '/api/ops/usage',
} as const;

export const USAGE_EVENTS = ['app_opened', 'screen_opened', 'task_started', 'withdraw_opened'] as const;
export type UsageEvent = (typeof USAGE_EVENTS)[number];

/** More in one request than a person can do between two sends is not a count, it is noise. */
export const USAGE_MAX_PER_EVENT = 100;

export const UsageCountBodySchema = z.strictObject({
  counts: z.partialRecord(
    z.enum(USAGE_EVENTS),
    z.number().check(z.int(), z.minimum(1), z.maximum(USAGE_MAX_PER_EVENT)),
  ),
});
export type UsageCountBody = z.infer<typeof UsageCountBodySchema>;
export const UsageCountResponseSchema = successSchema(z.strictObject({}));

export const USAGE_DAYS_SHOWN = 30;
export const UsageDaysResponseSchema = successSchema(
  z.strictObject({
    events: z.array(z.enum(USAGE_EVENTS)),
    days: z.array(
      z.strictObject({
        day: z.string(),
        counts: z.partialRecord(z.enum(USAGE_EVENTS), z.number().check(z.int())),
      }),
    ),
  }),
);
