import { z } from 'zod';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

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
  before: z.coerce.number().int().positive().optional(),
  kind: z.enum(HISTORY_KINDS).optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/**
 * One ledger entry as its owner sees it: signed amount in XRP, what it belongs to (the task, the
 * withdrawal) and, for a paid withdrawal, the transaction on the XRP Ledger.
 */
export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(HISTORY_KINDS),
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  time: EpochSecondsSchema,
  task_id: z.number().int().nullable(),
  withdrawal_id: z.number().int().nullable(),
  tx_hash: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = z.object({
  list: z.array(HistoryEntrySchema),
  /** Pass as `before` for the next page; null when this is the last one. */
  next_before: z.number().int().nullable(),
  balance: DecimalSchema,
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
export const HistoryPageResponseSchema = successSchema(HistoryPageSchema);

/** Entries on one page. */
export const HISTORY_PAGE_SIZE = 50;
