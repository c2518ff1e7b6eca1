import { describe, expect, it } from 'vitest';
import { databaseBefore } from '#tests/helpers/migrations.ts';

// Balances with a fraction of a drop, left by the time before every amount was whole drops, are evened
// out by appended entries (never by rewriting old ones), rounding up; from then on the database refuses
// any amount that is not whole drops (docs/product-rules.md#money-units).

const BEFORE = '0010_account_closure';

describe('moving to whole drops', () => {
  const { client, atThen, upgrade } = databaseBefore(BEFORE);

  it('rounds every balance up to a whole drop with one appended entry, keeps old entries, then refuses fractions', async () => {
    await atThen();
    const user = async (name: string, amounts: bigint[]) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into users (username, username_key, password_hash, invite_code, created_at)
         values ($1, $1, 'x', $1, now()) returning id`,
        [name],
      );
      const id = rows[0]?.id ?? 0;
      for (const [i, amount] of amounts.entries()) {
        await client.query(
          `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
           values ($1, 'adjustment', $2, $3, $3, now())`,
          [id, amount.toString(), `seed-${i}`],
        );
      }
      return id;
    };
    const fractional = await user('fractional', [1_500_205_479n]); // 150.0205479 XRP
    const whole = await user('whole', [1_500_000_000n]);
    const empty = await user('empty', []);
    await client.query(
      `insert into tasks (type, reward, required_seconds, content, enabled, sort) values ('web', 5, 3, '{}', true, 1)`,
    );

    await upgrade();

    const balances = await client.query<{ username: string; balance: string; sum: string; entries: number }>(
      `select u.username, u.balance::text, coalesce(sum(l.amount), 0)::text as sum, count(l.id)::int as entries
         from users u left join ledger_entries l on l.user_id = u.id group by u.id order by u.id`,
    );
    expect(balances.rows).toEqual([
      { username: 'fractional', balance: '1500205480', sum: '1500205480', entries: 2 },
      { username: 'whole', balance: '1500000000', sum: '1500000000', entries: 1 },
      { username: 'empty', balance: '0', sum: '0', entries: 0 },
    ]);
    const old = await client.query<{ amount: string }>(
      `select amount::text from ledger_entries where user_id = $1 order by id`,
      [fractional],
    );
    expect(old.rows.map((row) => row.amount)).toEqual(['1500205479', '1']);
    expect([whole, empty]).toHaveLength(2);

    const tasks = await client.query<{ reward: string }>(`select reward::text from tasks`);
    expect(tasks.rows).toEqual([{ reward: '10' }]);

    await expect(
      client.query(
        `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
         values ($1, 'adjustment', 5, 'late', 'late', now())`,
        [whole],
      ),
    ).rejects.toThrow(/ledger_entries_whole_drops/);
  });
});
