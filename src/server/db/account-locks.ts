import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { accountLocks } from './schema.ts';

/**
 * Whether an account_locks row is in force at `now` (a ban, a lock, a deletion): not lifted, and
 * open-ended or ending later. Every query that asks whether an account is closed reads it here, so
 * sign-in, the session check, invitation counting and the console agree.
 */
export function lockInForce(now: Date | SQLWrapper): SQL {
  return sql`${accountLocks.liftedAt} is null and (${accountLocks.until} is null or ${accountLocks.until} > ${now})`;
}

/** The account locks in force at `now` for a user id column or value. */
export function activeLocks(userId: SQLWrapper | number, now: Date | SQLWrapper): SQL {
  return sql`select 1 from ${accountLocks} where ${accountLocks.userId} = ${userId} and ${lockInForce(now)}`;
}
