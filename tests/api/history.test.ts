import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '#contract/history.ts';
import { API, IDEMPOTENCY_HEADER } from '#contract/paths.ts';
import { CSV_HEADER } from '#domain/history/csv.ts';
import { parseAmount, xrp } from '#domain/money/amount.ts';
import { withdrawals } from '#server/db/schema.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { envelope, getAs, postAs, register, useTestApp } from '#tests/helpers/app.ts';
import { userIdOf } from '#tests/helpers/money-fixtures.ts';
import { testNow } from '#tests/helpers/test-clock.ts';

// Mine → History: every ledger entry of the account, paged and filtered, and a CSV download whose amounts
// sum to the balance (docs/product-rules.md#money-units).

const handle = useTestApp();
const EXCHANGE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
const HASH = 'A'.repeat(64);

async function page(token: string, query = '') {
  return envelope(await getAs(handle.app, `${API.history}${query}`, token)).data as unknown as HistoryPage;
}

/** RFC 4180 as the history writes it: no field here holds a comma, quote or line break. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('the personal history', () => {
  it('lists every entry with what it belongs to, pages and filters them, and the CSV sums to the balance', async () => {
    const { app, database } = handle;
    const user = await register(app, 'historian');
    const other = await register(app, 'neighbour');
    const userId = await userIdOf(database.db, 'historian');
    const gift = await postAs(app, API.newUserReward, user.token, {}, { [IDEMPOTENCY_HEADER]: 'gift-1' });
    expect(envelope(gift).code).toBe(1);
    // 60 task credits of 2.000001 XRP on earlier days, then a withdrawal that the payout job paid.
    for (let i = 0; i < 60; i++) {
      await ledger.append(database.db, {
        userId,
        kind: 'task',
        amount: xrp(2) + 10n,
        idempotencyKey: `seed-task-${i}`,
        reference: `task:${(i % 10) + 1}:2026-10-${String((i % 28) + 1).padStart(2, '0')}-${i}`,
        createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)),
      });
    }
    await postAs(app, API.setAddress, user.token, {
      walletaddress: EXCHANGE,
      tag: '4242',
      password: 'secret12',
    });
    const started = await postAs(app, API.setWithdrawStatus, user.token, {}, { [IDEMPOTENCY_HEADER]: 'w-1' });
    expect(envelope(started).code).toBe(1);
    await database.db.update(withdrawals).set({ status: 'success', txHash: HASH });
    await ledger.append(database.db, {
      userId,
      kind: 'task',
      amount: 5_000_000n,
      idempotencyKey: 'seed-after',
      reference: 'task:4:2026-11-24',
      createdAt: testNow(),
    });

    const first = await page(user.token);
    expect(first.list).toHaveLength(50);
    expect(first.balance).toBe('0.5');
    expect(first.list[0]).toMatchObject({
      kind: 'task',
      amount: '0.5',
      task_id: 4,
      withdrawal_id: null,
      tx_hash: null,
    });
    expect(first.list[1]).toMatchObject({ kind: 'withdrawal', amount: '-150.00006', tx_hash: HASH });
    expect(first.list[1]?.withdrawal_id).toBeGreaterThan(0);
    expect(first.next_before).toBe(first.list.at(-1)?.id);
    const second = await page(user.token, `?before=${first.next_before}`);
    expect(second.list).toHaveLength(13); // 62 entries and the gift: 63 in all
    expect(second.next_before).toBeNull();
    expect(second.list.at(-1)).toMatchObject({ kind: 'gift', amount: '30' });
    const ids = [...first.list, ...second.list].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(63);

    const gifts = await page(user.token, '?kind=gift');
    expect(gifts.list.map((entry) => entry.kind)).toEqual(['gift']);
    expect(envelope(await getAs(app, `${API.history}?kind=bonus`, user.token)).data.error).toBe(
      'request.invalid',
    );
    expect((await page(other.token)).list).toEqual([]);

    const download = await getAs(app, API.historyCsv, user.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toContain('attachment');
    const [header, ...rows] = parseCsv(download.body);
    expect(header).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(63);
    for (const row of rows) {
      expect(row[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(row[3]).toMatch(/^-?\d+\.\d{6}$/);
    }
    const sum = rows.reduce(
      (total, row) =>
        total + (parseAmount((row[3] ?? '').replace('-', '')) ?? 0n) * (row[3]?.startsWith('-') ? -1n : 1n),
      0n,
    );
    expect(sum).toBe(await ledger.balance(database.db, userId));
    expect(rows.find((row) => row[2] === 'withdrawal')?.[6]).toBe(HASH);

    expect((await getAs(app, API.historyCsv, null)).statusCode).toBe(401);
  });
});
