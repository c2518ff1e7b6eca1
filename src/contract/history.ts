import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';

/** The kinds of ledger entry a person can filter their history by. */
export const HISTORY_KINDS = [
  'task',
  'interest',
  'gift',
  'phone_bonus',
  'withdrawal',
  'refund',
  'adjustment',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A page of the account's ledger, newest first: `before` is the id to continue from. */
export const HistoryQuerySchema = z.object({
  before: z.optional(wireInt(z.positive())),
  kind: z.optional(z.enum(HISTORY_KINDS)),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/**
 * One ledger entry as its owner sees it: signed amount in XRP, what it belongs to (the task, the
 * withdrawal) and, for a paid withdrawal, the transaction on the XRP Ledger.
 */
export const HistoryEntrySchema = z.object({
  id: z.number().check(z.int()),
  kind: z.enum(HISTORY_KINDS),
  amount: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
  time: EpochSecondsSchema,
  task_id: z.nullable(z.number().check(z.int())),
  withdrawal_id: z.nullable(z.number().check(z.int())),
  tx_hash: z.nullable(z.string()),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = z.object({
  list: z.array(HistoryEntrySchema),
  /** Pass as `before` for the next page; null when this is the last one. */
  next_before: z.nullable(z.number().check(z.int())),
  balance: DecimalSchema,
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
export const HistoryPageResponseSchema = successSchema(HistoryPageSchema);

/** Entries on one page. */
export const HISTORY_PAGE_SIZE = 50;
