/**
 * The console's withdrawal queue filters (docs/operators.md#withdrawals): open = waiting or being
 * paid; held and claimed are open ones flagged so.
 */
export const QUEUE_STATES = [
  'open',
  'processing',
  'transferring',
  'held',
  'claimed',
  'success',
  'failed',
  'all',
] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
