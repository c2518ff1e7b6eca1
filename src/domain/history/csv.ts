import { formatAmount, type Amount } from '../money/amount.ts';

/** A ledger entry as a row of the downloadable history. */
export interface CsvEntry {
  id: number;
  kind: string;
  amount: Amount;
  time: Date;
  taskId: number | null;
  withdrawalId: number | null;
  txHash: string | null;
}

export const CSV_HEADER = [
  'id',
  'time_utc',
  'kind',
  'amount_xrp',
  'task_id',
  'withdrawal_id',
  'tx_hash',
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * An amount in XRP with exactly 6 decimals ("-150.020547", "0.500000"), the precision of a drop. An
 * entry from before every amount was whole drops keeps its seventh decimal rather than being rounded,
 * so the column always sums to the balance.
 */
export function csvXrp(amount: Amount): string {
  const text = formatAmount(amount);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(6, '0')}`;
}

/** The whole history as RFC 4180 CSV (CRLF line ends), times in ISO 8601 UTC. */
export function historyCsv(entries: readonly CsvEntry[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const e of entries) {
    lines.push(
      [
        String(e.id),
        e.time.toISOString(),
        e.kind,
        csvXrp(e.amount),
        e.taskId === null ? '' : String(e.taskId),
        e.withdrawalId === null ? '' : String(e.withdrawalId),
        e.txHash ?? '',
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** What the ledger's reference says an entry belongs to ("task:3:2026-11-21", "withdrawal:7", "refund:7"). */
export function referenceOf(reference: string): { taskId: number | null; withdrawalId: number | null } {
  const [head, id] = reference.split(':');
  const n = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  return {
    taskId: head === 'task' ? n : null,
    withdrawalId: head === 'withdrawal' || head === 'refund' ? n : null,
  };
}
