import type { Amount } from '#domain/money/amount.ts';
import type { Db } from '#server/db/database.ts';
import { exactSum } from '#server/db/exact-sum.ts';
import { users } from '#server/db/schema.ts';

/** Every user's balance added up: what Earnest owes before any withdrawal is requested. */
export async function balancesTotal(db: Db): Promise<Amount> {
  const [row] = await db.select({ total: exactSum(users.balance) }).from(users);
  return BigInt(row?.total ?? '0');
}
