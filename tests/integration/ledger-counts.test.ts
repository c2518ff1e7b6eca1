import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { backends, useTestDatabase } from '#tests/helpers/databases.ts';
import { credit, inParallel, seedUsers } from '#tests/helpers/money-fixtures.ts';
import { testNow } from '#tests/helpers/test-clock.ts';

/** The figure counted the slow way: every entry of the ledger. */
async function countedFromEntries(db: Db) {
  const rows = rowsOf<{ kind: string; entries: number }>(
    await db.execute(sql`select kind, count(*)::int as entries from ledger_entries group by kind`),
  );
  return rows.sort((a, b) => a.kind.localeCompare(b.kind));
}

async function figure(db: Db) {
  return (await ledger.countsByKind(db))
    .map(({ kind, entries }) => ({ kind, entries }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

describe.each(await backends())('the ledger’s entries by kind (the metrics) on $name', (backend) => {
  const database = useTestDatabase(backend);

  it('stay exact through inserts, rollbacks and compactions, and are read without the ledger', async () => {
    const db = database.db;
    const people = await seedUsers(db, 3, 'counts');
    const at = testNow();
    for (const [i, person] of people.entries()) await credit(db, person.id, 1000n, `seed-${i}`, at);
    // Many entries in one statement.
    const [first] = people;
    if (!first) throw new Error('no user');
    await db.execute(sql`
      insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
      select ${first.id}, 'task', 10, 'many-' || n, 'task:' || n || ':2020-01-01', ${at.toISOString()}::timestamptz
      from generate_series(1, 500) n`);
    // An entry whose transaction rolls back counts for nothing.
    await db
      .transaction(async (tx) => {
        await ledger.append(tx, {
          userId: first.id,
          kind: 'gift',
          amount: 10n,
          idempotencyKey: 'undone',
          reference: 'gift',
          createdAt: at,
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await figure(db)).toEqual(await countedFromEntries(db));

    await ledger.compactCounts(db);
    expect(await figure(db)).toEqual(await countedFromEntries(db));

    // Entries written while counts are compacted, from many connections on PostgreSQL.
    const writes = people.flatMap((person) =>
      Array.from({ length: 20 }, (_, n) => () => credit(db, person.id, 10n, `more-${n}`, at)),
    );
    const compactions = Array.from({ length: 5 }, () => () => ledger.compactCounts(db));
    await inParallel([...writes, ...compactions], 8);
    expect(await figure(db)).toEqual(await countedFromEntries(db));
    await ledger.compactCounts(db);
    expect(await figure(db)).toEqual(await countedFromEntries(db));

    // The scrape's read touches none of the ledger's rows: what it costs does not grow with it. (The
    // statistics of this connection's transaction, read before and after: they may hold earlier work.)
    const read = await db.transaction(async (tx) => {
      const ledgerRowsRead = async () => {
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(sql`select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as n
            from pg_stat_xact_user_tables where relname = 'ledger_entries'`),
        );
        return row?.n ?? 0;
      };
      const before = await ledgerRowsRead();
      await ledger.countsByKind(tx);
      return (await ledgerRowsRead()) - before;
    });
    expect(read).toBe(0);
  });
});
