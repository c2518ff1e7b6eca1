import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/database.ts';
import { withdrawalOpen } from '#server/db/withdrawal-open.ts';
import { balancesTotal } from '#server/ledger/owed.ts';

/**
 * The dashboard's figures, read straight from the tables in one place (docs/operators.md#the-dashboard).
 * It is a read-only report across features — users, ledger, withdrawals, tasks, SMS and push — so it
 * reads their tables here rather than adding a counting method to each; it never writes.
 */
export function createDashboardRepository(db: Db) {
  const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
    const [row] = rowsOf<T>(await db.execute(query));
    if (!row) throw new Error('an aggregate returned no row');
    return row;
  };
  return {
    async users(since: Date) {
      const row = await one<{ total: number; new_today: number; active_today: number }>(sql`select
          (select count(*)::int from users) as total,
          (select count(*)::int from users where created_at >= ${since}) as new_today,
          (select count(distinct user_id)::int from sessions where last_seen_at >= ${since}) as active_today`);
      return { total: row.total, newToday: row.new_today, activeToday: row.active_today };
    },

    async tasksCompletedSince(since: Date): Promise<number> {
      const row = await one<{ n: number }>(
        sql`select count(*)::int as n from task_runs where completed_at >= ${since}`,
      );
      return row.n;
    },

    /** Credits since a time, per ledger kind: their sum (10^-7 XRP) and how many entries. */
    async creditsByKindSince(since: Date) {
      const rows = rowsOf<{ kind: string; amount: string; entries: number }>(
        await db.execute(sql`select kind, sum(amount)::text as amount, count(*)::int as entries
          from ledger_entries where amount > 0 and created_at >= ${since}
          group by kind order by kind`),
      );
      return rows.map((row) => ({ kind: row.kind, amount: BigInt(row.amount), entries: row.entries }));
    },

    /** What Earnest owes its users, as /transparency counts it (a deleted account's balance is not). */
    owed: () => balancesTotal(db),

    /** Withdrawals not final yet (waiting or being paid). */
    async openWithdrawals() {
      const row = await one<{ n: number; amount: string; oldest: string | Date | null }>(sql`select
          count(*)::int as n, coalesce(sum(amount), 0)::text as amount, min(created_at) as oldest
          from withdrawals where ${withdrawalOpen()}`);
      return {
        count: row.n,
        amount: BigInt(row.amount),
        oldest: row.oldest === null ? null : new Date(row.oldest),
      };
    },

    async smsSince(since: Date): Promise<number> {
      return (
        await one<{ n: number }>(sql`select count(*)::int as n from sms_sends where created_at >= ${since}`)
      ).n;
    },

    /** Pushes the server records sending: scheduled reminders (push_sent) and the task's test pushes. */
    async pushesSince(since: Date): Promise<number> {
      const row = await one<{ n: number }>(sql`select
          (select count(*)::int from push_sent where sent_at >= ${since}) +
          (select count(*)::int from push_tests where created_at >= ${since}) as n`);
      return row.n;
    },

    /**
     * Per day between consecutive `bounds` (day starts, oldest first, the last one the end): credits
     * (every kind but refunds) and withdrawals paid. Bucketed by the given instants, so the day's time
     * zone is the server's configuration and not the database's.
     */
    async perDay(bounds: Date[]) {
      const array = sql`array[${sql.join(
        bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
        sql`, `,
      )}]`;
      const first = bounds[0];
      const last = bounds.at(-1);
      if (!first || !last) return [];
      const credits = rowsOf<{ bucket: number; amount: string }>(
        await db.execute(sql`select width_bucket(created_at, ${array}) as bucket, sum(amount)::text as amount
          from ledger_entries
          where amount > 0 and kind <> 'refund' and created_at >= ${first} and created_at < ${last}
          group by 1`),
      );
      const paid = rowsOf<{ bucket: number; amount: string }>(
        await db.execute(sql`select width_bucket(settled_at, ${array}) as bucket, sum(amount)::text as amount
          from withdrawals
          where status = 'success' and settled_at >= ${first} and settled_at < ${last}
          group by 1`),
      );
      const byBucket = (rows: { bucket: number; amount: string }[]) =>
        new Map(rows.map((row) => [Number(row.bucket), BigInt(row.amount)]));
      const creditMap = byBucket(credits);
      const paidMap = byBucket(paid);
      return bounds.slice(0, -1).map((_start, index) => ({
        credited: creditMap.get(index + 1) ?? 0n,
        paid: paidMap.get(index + 1) ?? 0n,
      }));
    },
  };
}
