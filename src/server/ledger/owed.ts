import { and, eq, notExists, sql } from 'drizzle-orm';
import { ACCOUNT_DELETED } from '#domain/auth/deletion.ts';
import type { Amount } from '#domain/money/amount.ts';
import type { Db } from '#server/db/database.ts';
import { exactSum } from '#server/db/exact-sum.ts';
import { accountLocks, users } from '#server/db/schema.ts';

/**
 * Every user's balance added up: what Earnest owes before any withdrawal is requested. A deleted
 * account's balance is left out: its owner was told it is lost, and no one can withdraw it.
 */
export async function balancesTotal(db: Db): Promise<Amount> {
  const deleted = db
    .select({ one: sql`1` })
    .from(accountLocks)
    .where(and(eq(accountLocks.userId, users.id), eq(accountLocks.reason, ACCOUNT_DELETED)));
  const [row] = await db
    .select({ total: exactSum(users.balance) })
    .from(users)
    .where(notExists(deleted));
  return BigInt(row?.total ?? '0');
}
