import { HISTORY_PAGE_SIZE, type HistoryKind, type HistoryPage } from '#contract/history.ts';
import { historyCsv, referenceOf } from '#domain/history/csv.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { epochSeconds } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { historyRepository, type LedgerRow } from './history.repository.ts';

/**
 * The account's full personal history: every ledger entry, what it belongs to, and the ledger
 * transaction of a paid withdrawal. The download holds the same rows, so its sum is the balance.
 */
export function createHistoryService({ db }: { db: Db }) {
  const repo = historyRepository(db);

  async function withHashes(userId: number, rows: readonly LedgerRow[]) {
    const linked = rows.map((row) => ({ row, ...referenceOf(row.reference) }));
    const paid = linked.flatMap((e) =>
      e.row.kind === 'withdrawal' && e.withdrawalId !== null ? [e.withdrawalId] : [],
    );
    const hashes = await repo.paidHashes(userId, paid);
    return linked.map((e) => ({
      ...e,
      txHash:
        e.row.kind === 'withdrawal' && e.withdrawalId !== null ? (hashes.get(e.withdrawalId) ?? null) : null,
    }));
  }

  return {
    async page(
      userId: number,
      query: { kind?: HistoryKind | undefined; before?: number | undefined },
    ): Promise<HistoryPage> {
      const rows = await repo.page(userId, HISTORY_PAGE_SIZE + 1, query.kind, query.before);
      const shown = rows.slice(0, HISTORY_PAGE_SIZE);
      const entries = await withHashes(userId, shown);
      return {
        list: entries.map(({ row, taskId, withdrawalId, txHash }) => ({
          id: row.id,
          kind: row.kind,
          amount: formatAmount(row.amount),
          time: epochSeconds(row.createdAt),
          task_id: taskId,
          withdrawal_id: withdrawalId,
          tx_hash: txHash,
        })),
        next_before: rows.length > HISTORY_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null,
        balance: formatAmount(await ledger.balance(db, userId)),
      };
    },

    async csv(userId: number): Promise<string> {
      const entries = await withHashes(userId, await repo.all(userId));
      return historyCsv(
        entries.map(({ row, taskId, withdrawalId, txHash }) => ({
          id: row.id,
          kind: row.kind,
          amount: row.amount,
          time: row.createdAt,
          taskId,
          withdrawalId,
          txHash,
        })),
      );
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
