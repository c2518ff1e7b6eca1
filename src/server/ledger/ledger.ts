import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Amount } from '#domain/money/amount.ts';
import { rowsOf, type Db } from '#server/db/database.ts';
import { namedStatement } from '#server/db/named-statement.ts';
import { exactSum } from '#server/db/exact-sum.ts';
import { ledgerCountDeltas, ledgerEntries, ledgerKindCounts, users } from '#server/db/schema.ts';

export type EntryKind = 'task' | 'interest' | 'gift' | 'phone_bonus' | 'withdrawal' | 'refund' | 'adjustment';

export interface NewEntry {
  userId: number;
  kind: EntryKind;
  amount: Amount;
  idempotencyKey: string;
  reference: string;
  createdAt: Date;
}

const appendLockedStatement = namedStatement<{
  userId: number;
  kind: EntryKind;
  amount: string;
  idempotencyKey: string;
  reference: string;
  createdAt: string;
}>(
  'ledger_append_locked',
  (p) => sql`
  with entry as (
    insert into ${ledgerEntries} (user_id, kind, amount, idempotency_key, reference, created_at)
    values (${p.userId}, ${p.kind}, ${p.amount}::bigint, ${p.idempotencyKey}, ${p.reference}, ${p.createdAt}::timestamptz)
    returning amount
  )
  select (${users.balance} + (select amount from entry))::text as balance
  from ${users} where ${users.id} = ${p.userId}`,
);

/**
 * A user's task credits for a day (references `task:<task>:<day>`): found through the index on the
 * user and the reference's day (`ledger_entries_task_day_idx`, migration 0031), which this must name
 * exactly as the index does. Matching the reference with `like 'task:%:<day>'` read every task credit
 * the user ever had, since only the reference's start can narrow an index search. The user and the
 * day are values, or a named statement's placeholders.
 */
function taskCreditsOfDay(userId: unknown, day: unknown): SQL {
  return sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.kind} = 'task'
    and split_part(${ledgerEntries.reference}, ':', 3) = ${day}`;
}

/**
 * `ledger.taskCreditsOn` as two subqueries (how many, and what they paid: a sum as text), for a
 * statement that reads them along with its own rows in one round trip (completing a task).
 */
export function taskCreditsOfDaySubqueries(userId: unknown, day: unknown): { count: SQL; earned: SQL } {
  const credits = taskCreditsOfDay(userId, day);
  return {
    count: sql`(select count(*)::int from ${ledgerEntries} where ${credits})`,
    earned: sql`(select ${exactSum(ledgerEntries.amount)} from ${ledgerEntries} where ${credits})`,
  };
}

/** How many entries match, and their sum, in one pass over them. */
async function countAndSum(db: Db, where: SQL | undefined): Promise<{ count: number; total: Amount }> {
  const [row] = await db
    .select({ n: count(), total: exactSum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(where);
  return { count: row?.n ?? 0, total: BigInt(row?.total ?? '0') };
}

/**
 * The only writer of balances. An entry is appended inside the caller's transaction; the database
 * moves the cached balance in the same transaction and refuses an overdraft (see migration 0002).
 */
export const ledger = {
  async append(tx: Db, entry: NewEntry): Promise<Amount> {
    await tx.insert(ledgerEntries).values(entry);
    return ledger.balance(tx, entry.userId);
  },

  /**
   * `append` in one round trip, for a caller that holds the user's lock (`lockUser`) in `tx`: the
   * statement reads the balance as it was before its own entry (the trigger that moves it runs at
   * the statement's end) and adds the entry's amount — exactly what the trigger writes, since no
   * other transaction can move this balance while the lock is held. An overdraft still fails.
   */
  async appendLocked(tx: Db, entry: NewEntry): Promise<Amount> {
    const [row] = rowsOf<{ balance: string }>(
      await appendLockedStatement.run(tx, {
        userId: entry.userId,
        kind: entry.kind,
        amount: entry.amount.toString(),
        idempotencyKey: entry.idempotencyKey,
        reference: entry.reference,
        createdAt: entry.createdAt.toISOString(),
      }),
    );
    if (!row) throw new Error('appendLocked: no such user');
    return BigInt(row.balance);
  },

  /** Whether the user has an entry filed under this key. */
  async hasKey(db: Db, userId: number, idempotencyKey: string): Promise<boolean> {
    const [row] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.idempotencyKey, idempotencyKey)));
    return row !== undefined;
  },

  async balance(db: Db, userId: number): Promise<Amount> {
    const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    return row?.balance ?? 0n;
  },

  /** The sum of a user's entries: what the balance must always equal. */
  async sum(db: Db, userId: number): Promise<Amount> {
    const [row] = await db
      .select({ total: exactSum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    return BigInt(row?.total ?? '0');
  },

  /** A user's task credits for a day: how many, and what they paid. */
  async taskCreditsOn(db: Db, userId: number, day: string): Promise<{ count: number; earned: Amount }> {
    const credits = await countAndSum(db, taskCreditsOfDay(userId, day));
    return { count: credits.count, earned: credits.total };
  },

  /**
   * Locks the user's row until the transaction ends, so per-user rules (daily caps, once-only
   * rewards) hold under races. NO KEY UPDATE, not UPDATE: the foreign keys of the rows the same
   * transactions insert take KEY SHARE locks on this row, and FOR UPDATE against those deadlocks.
   * A money route's transaction holds it already: `runIdempotent` takes it with the key.
   */
  async lockUser(tx: Db, userId: number): Promise<void> {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
  },

  async latest(db: Db, userId: number, kind: EntryKind) {
    const [row] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)))
      .orderBy(desc(ledgerEntries.createdAt))
      .limit(1);
    return row ?? null;
  },

  /**
   * How many entries of each kind the ledger holds (the metrics' figure), exact, without reading the
   * ledger: the counts folded so far and the rows not folded yet (schema.ts, `ledgerKindCounts`), in
   * one statement, so a fold committing meanwhile is seen whole or not at all.
   */
  async countsByKind(db: Db): Promise<{ kind: string; entries: number }[]> {
    const rows = rowsOf<{ kind: string; entries: string }>(
      await db.execute(sql`
        select kind, sum(entries)::text as entries from (
          select ${ledgerKindCounts.kind} as kind, ${ledgerKindCounts.entries} as entries from ${ledgerKindCounts}
          union all
          select ${ledgerCountDeltas.kind}, ${ledgerCountDeltas.entries} from ${ledgerCountDeltas}
        ) counted group by kind`),
    );
    return rows.map((row) => ({ kind: row.kind, entries: Number(row.entries) }));
  },

  /**
   * Folds the rows each insert added to ledger_count_deltas into ledger_kind_counts, in one statement
   * (run by the periodic pass). Each row is moved by exactly one fold: a fold running at the same
   * time in another process waits for the rows this one deletes, then finds them gone.
   */
  async compactCounts(db: Db): Promise<void> {
    await db.execute(sql`
      with moved as (delete from ${ledgerCountDeltas} returning kind, entries)
      insert into ${ledgerKindCounts} (kind, entries)
      select kind, sum(entries) from moved group by kind
      on conflict (kind) do update set entries = ${ledgerKindCounts.entries} + excluded.entries`);
  },

  /** How many entries of one kind a user has, and their sum. */
  async totals(db: Db, userId: number, kind: EntryKind): Promise<{ count: number; total: Amount }> {
    return countAndSum(db, and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)));
  },
};
