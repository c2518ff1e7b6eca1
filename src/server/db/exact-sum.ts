import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The sum of a money column, 0 when there is nothing to add, for the caller to read with `BigInt`.
 * As text because the sum of a bigint is a numeric, which a driver may hand over as a float
 * (docs/decisions/003-money-units.md).
 */
export function exactSum(column: PgColumn): SQL<string> {
  return sql<string>`coalesce(sum(${column}), 0)::text`;
}
