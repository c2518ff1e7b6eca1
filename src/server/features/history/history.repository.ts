import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { HistoryKind } from '#contract/history.ts';
import type { Db } from '#server/db/database.ts';
import { ledgerEntries, withdrawals } from '#server/db/schema.ts';

export interface LedgerRow {
  id: number;
  kind: HistoryKind;
  amount: bigint;
  reference: string;
  createdAt: Date;
}

/** The account's own ledger, read for its owner: pages newest first, or everything for a download. */
export function historyRepository(db: Db) {
  function where(userId: number, kind?: HistoryKind, before?: number): SQL | undefined {
    return and(
      eq(ledgerEntries.userId, userId),
      kind ? eq(ledgerEntries.kind, kind) : undefined,
      before ? lt(ledgerEntries.id, before) : undefined,
    );
  }
  const columns = {
    id: ledgerEntries.id,
    kind: ledgerEntries.kind,
    amount: ledgerEntries.amount,
    reference: ledgerEntries.reference,
    createdAt: ledgerEntries.createdAt,
  };

  return {
    async page(userId: number, limit: number, kind?: HistoryKind, before?: number): Promise<LedgerRow[]> {
      const rows = await db
        .select(columns)
        .from(ledgerEntries)
        .where(where(userId, kind, before))
        .orderBy(desc(ledgerEntries.id))
        .limit(limit);
      return rows as LedgerRow[];
    },

    async all(userId: number): Promise<LedgerRow[]> {
      const rows = await db
        .select(columns)
        .from(ledgerEntries)
        .where(where(userId))
        .orderBy(ledgerEntries.id);
      return rows as LedgerRow[];
    },

    /** The ledger transaction of each paid withdrawal among `ids` (the user's own only). */
    async paidHashes(userId: number, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: withdrawals.id, txHash: withdrawals.txHash })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.userId, userId),
            inArray(withdrawals.id, [...ids]),
            eq(withdrawals.status, 'success'),
          ),
        );
      return new Map(rows.flatMap((row) => (row.txHash ? [[row.id, row.txHash] as const] : [])));
    },
  };
}
