import { sql, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** Sets `values` on the rows `where` selects and answers how many it changed ("how many sessions ended"). */
export async function updateCount<T extends PgTable>(
  db: Db,
  table: T,
  values: PgUpdateSetSource<T>,
  where: SQL | undefined,
): Promise<number> {
  const rows = await db
    .update(table)
    .set(values)
    .where(where)
    .returning({ one: sql`1` });
  return rows.length;
}

/** Whether the update changed a row: a claim on one row (by its id) taken by whoever comes first. */
export async function updateAny<T extends PgTable>(
  db: Db,
  table: T,
  values: PgUpdateSetSource<T>,
  where: SQL | undefined,
): Promise<boolean> {
  return (await updateCount(db, table, values, where)) > 0;
}
