import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

/** One day of the dashboard's chart: what the ledger credited and what withdrawals paid that day. */
export const DashboardDaySchema = z.object({
  /** The calendar day (YYYY-MM-DD) in the server's day time zone. */
  day: z.string(),
  /** Credits of every kind but refunds (a refund returns money, it does not add any), in XRP. */
  credited: DecimalSchema,
  /** Withdrawals that became final and paid that day, in XRP. */
  paid: DecimalSchema,
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/**
 * The console's dashboard (docs/operators.md#the-dashboard): every figure computed from the database
 * (and the payout wallet's balance from the ledger) when asked, none typed in.
 */
export const DashboardSchema = z.object({
  /** When the figures were computed, and the day "today" is (server day time zone). */
  computed_time: EpochSecondsSchema,
  today: z.string(),
  time_zone: z.string(),
  users: z.object({
    total: z.number().check(z.int()),
    active_today: z.number().check(z.int()),
    new_today: z.number().check(z.int()),
  }),
  tasks_completed_today: z.number().check(z.int()),
  /** Credits since the start of today, per ledger kind (only kinds with a credit). */
  credited_today: z.array(
    z.object({ kind: z.string(), amount: DecimalSchema, entries: z.number().check(z.int()) }),
  ),
  /** What Earnest owes its users on their balances: the sum of every balance. */
  owed: DecimalSchema,
  /** The balances and the open withdrawals (already debited from a balance, not yet paid). */
  owed_with_open: DecimalSchema,
  open_withdrawals: z.object({
    count: z.number().check(z.int()),
    amount: DecimalSchema,
    oldest_time: z.nullable(EpochSecondsSchema),
  }),
  /** The payout wallet on the ledger; null when XRPL is not configured on this server. */
  wallet: z.nullable(
    z.object({
      address: z.string(),
      /** Null when the ledger could not be read just now (then `wallet_error` says so). */
      balance: z.nullable(DecimalSchema),
      /** Wallet ÷ (owed + open withdrawals), 4 places, rounded down; null when nothing is owed or unread. */
      reserve_ratio: z.nullable(z.string()),
      unreachable: z.boolean(),
    }),
  ),
  sms_sent_today: z.number().check(z.int()),
  /** Pushes Earnest recorded sending today: the scheduled reminders and the notification task's tests. */
  pushes_sent_today: z.number().check(z.int()),
  days: z.array(DashboardDaySchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = successSchema(DashboardSchema);
