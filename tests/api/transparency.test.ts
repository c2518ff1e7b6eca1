import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { TRANSPARENCY_API, type PaidWithdrawal, type TransparencySummary } from '#contract/transparency.ts';
import { formatAmount, UNITS_PER_DROP, xrp } from '#domain/money/amount.ts';
import { maskName } from '#domain/privacy/mask.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { sessions, users, withdrawAddresses, withdrawals } from '#server/db/schema.ts';
import { runPayoutOnce } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer } from '#server/features/payouts/xrpl-payer.ts';
import { startFakeRippled } from '#tests/fakes/fake-rippled.ts';
import { envelope, postAs, register, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { API } from '#contract/paths.ts';
import { credit, post, seedUser } from '#tests/helpers/money-fixtures.ts';

/**
 * The transparency page's figures (docs/transparency.md) against the same figures computed here, in
 * SQL on the database (PostgreSQL's percentile_disc) and from the fake ledger's own books: withdrawals
 * are paid by the real payout job on a fake rippled, on a clock the test moves.
 */
const seed = Wallet.generate().seed ?? '';
const walletAddress = Wallet.fromSeed(seed).address;
const clock = testClock();
const rippled = useStarted(() => startFakeRippled({ closeMs: 20 }));
const handle = useTestApp(() => ({
  clock,
  env: {
    XRPL_URL: rippled.value.url,
    PAYOUT_WALLET_ADDRESS: walletAddress,
    TRANSPARENCY_CACHE_SECONDS: '0',
    XRPL_EXPLORER_TX_URL: 'https://explorer.example/tx/{hash}',
  },
}));
// The real waiting period: each withdrawal is paid by the job on the first pass after it fell due.
const RULES = DEFAULT_RULES;
const DAY = 86_400;

let tag = 1;
async function summary(): Promise<TransparencySummary> {
  const response = await handle.app.inject({ method: 'GET', url: TRANSPARENCY_API.summary });
  expect(response.statusCode).toBe(200);
  return envelope(response).data as unknown as TransparencySummary;
}

/** A user withdraws `amount` XRP now; the ad took `reducedHours` off its wait. */
async function request(amount: bigint, reducedHours = 0) {
  const db = handle.database.db;
  const user = await seedUser(db, 'payee');
  // The seeded session is dated by the real time; the app's clock has moved on.
  const now = clock.now();
  await db
    .update(sessions)
    .set({ createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 86_400_000) })
    .where(eq(sessions.userId, user.id));
  await credit(db, user.id, xrp(amount), `seed-${user.id}`, now);
  await db.insert(withdrawAddresses).values({
    userId: user.id,
    address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
    tag: String(tag++),
    createdAt: clock.now(),
  });
  const answer = await post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, `w-${user.id}`);
  expect(answer.statusCode).toBe(200);
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
  if (!row) throw new Error('no withdrawal');
  if (reducedHours > 0) {
    await db.update(withdrawals).set({ reducedHours }).where(eq(withdrawals.id, row.id));
  }
  return row.id;
}

/** Runs the payout job until nothing due is left to pay; the clock stands still meanwhile. */
async function payDue() {
  const payer = await connectXrplPayer(rippled.value.url, seed);
  try {
    for (let i = 0; i < 400; i++) {
      const run = await runPayoutOnce({ db: handle.database.db, clock, rules: RULES, payer }).catch(
        () => null,
      );
      const waiting = await handle.database.db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(eq(withdrawals.status, 'transferring'));
      if (run && run.claimed === 0 && waiting.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the due withdrawals were never paid');
  } finally {
    await payer.close();
  }
}

/**
 * Withdrawals requested together now, the ad having taken `reduced` hours off each; each paid on a job
 * pass `late` seconds after it fell due (30 days less its reduction).
 */
async function requestAndPay(specs: { amount: bigint; reduced: number; late: number }[]) {
  const start = clock.now().getTime();
  for (const spec of specs) await request(spec.amount, spec.reduced);
  const passes = specs
    .map((spec) => start + (RULES.waitingDays * DAY - spec.reduced * 3600 + spec.late) * 1000)
    .sort((a, b) => a - b);
  for (const at of passes) {
    clock.advance(Math.max(0, at - clock.now().getTime()));
    await payDue();
  }
}

/** The same figures, computed by the database itself over the last 30 days by the clock. */
async function expectedTimes() {
  const since = new Date(clock.now().getTime() - 30 * 86_400_000);
  const taken = sql`floor(extract(epoch from (${withdrawals.settledAt} - ${withdrawals.createdAt})))`;
  const withoutAds = sql`${taken} + ${withdrawals.reducedHours} * 3600`;
  const [row] = await handle.database.db
    .select({
      count: sql<number>`count(*)::int`,
      median: sql<string>`percentile_disc(0.5) within group (order by ${taken})`,
      p90: sql<string>`percentile_disc(0.9) within group (order by ${taken})`,
      medianWithoutAds: sql<string>`percentile_disc(0.5) within group (order by ${withoutAds})`,
      p90WithoutAds: sql<string>`percentile_disc(0.9) within group (order by ${withoutAds})`,
    })
    .from(withdrawals)
    .where(sql`${withdrawals.status} = 'success' and ${withdrawals.settledAt} >= ${since}`);
  if (!row) throw new Error('no row');
  return {
    count: row.count,
    median_seconds: Number(row.median),
    p90_seconds: Number(row.p90),
    median_without_ads_seconds: Number(row.medianWithoutAds),
    p90_without_ads_seconds: Number(row.p90WithoutAds),
  };
}

/** Totals straight from the tables and the fake ledger's books. */
async function expectedTotals() {
  const db = handle.database.db;
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(amount), 0)::text`, count: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'success'));
  const [open] = await db
    .select({ total: sql<string>`coalesce(sum(amount), 0)::text` })
    .from(withdrawals)
    .where(sql`status in ('processing', 'transferring')`);
  // Deleted accounts' balances are lost to their owners, so owed to no one.
  const [balances] = await db
    .select({ total: sql<string>`coalesce(sum(balance), 0)::text` })
    .from(users)
    .where(
      sql`not exists (select 1 from account_locks l where l.user_id = ${users.id} and l.reason = 'account_deleted')`,
    );
  const owed = BigInt(balances?.total ?? '0') + BigInt(open?.total ?? '0');
  const drops = rippled.value.balances.get(walletAddress);
  if (drops === undefined) throw new Error('the fake ledger has no balance for the wallet');
  const wallet = drops * UNITS_PER_DROP;
  // Percent with two decimals, floored: wallet × 100 ÷ owed, written out by hand.
  const hundredths = owed === 0n ? null : (wallet * 10_000n) / owed;
  return {
    paid_total: formatAmount(BigInt(paid?.total ?? '0')),
    paid_count: paid?.count ?? 0,
    owed_total: formatAmount(owed),
    wallet_balance: formatAmount(wallet),
    reserve_ratio_percent:
      hundredths === null ? null : `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`,
  };
}

describe('the public transparency figures', () => {
  it('with nothing paid: the wallet and its balance, zero paid, and no payout times', async () => {
    rippled.value.balances.set(walletAddress, 5_000_000_000n);
    const figures = await summary();
    expect(figures).toMatchObject({
      wallet_address: walletAddress,
      wallet_balance: '5000',
      paid_total: '0',
      paid_count: 0,
      owed_total: '0',
      reserve_ratio_percent: null,
      window_count: 0,
      payout_times: null,
      min_samples: 5,
      window_days: 30,
      explorer_tx_url: 'https://explorer.example/tx/{hash}',
    });
    const list = await handle.app.inject({ method: 'GET', url: TRANSPARENCY_API.payouts });
    expect(envelope(list).data).toEqual({ list: [], next_before_id: null });
  });

  it("owes nothing for a deleted account's balance, which its owner was told is lost", async () => {
    const { token } = await register(handle.app, 'leaving.holder');
    const [leaving] = await handle.database.db
      .select()
      .from(users)
      .where(eq(users.usernameKey, 'leaving.holder'));
    if (!leaving) throw new Error('no user');
    await credit(handle.database.db, leaving.id, xrp(500n), `seed-${leaving.id}`, clock.now());
    const before = await summary();
    expect(before.owed_total).toBe('500');
    expect((await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' })).statusCode).toBe(
      200,
    );
    const after = await summary();
    expect(after.owed_total).toBe('0');
    expect(after).toMatchObject(await expectedTotals());
  });

  it('below five paid withdrawals in the window: "not enough data yet", and the totals already count', async () => {
    // One paid long ago: in the totals, outside the 30-day window.
    await requestAndPay([{ amount: 150n, reduced: 20, late: 40 }]);
    clock.advance(40 * DAY * 1000);
    await requestAndPay([
      { amount: 100n, reduced: 0, late: 17 },
      { amount: 103n, reduced: 13, late: 3_000 },
      { amount: 107n, reduced: 24, late: 100 },
      { amount: 111n, reduced: 5, late: 7_200 },
    ]);
    const figures = await summary();
    expect(figures.window_count).toBe(4);
    expect(figures.payout_times).toBeNull();
    expect(figures).toMatchObject(await expectedTotals());
    expect(figures.paid_count).toBe(5);
  });

  it('from five on: median and 90th percentile, with and without the ad reductions, as the database computes them', async () => {
    await requestAndPay([
      { amount: 120n, reduced: 18, late: 3_601 },
      { amount: 130n, reduced: 0, late: 59 },
      { amount: 140n, reduced: 22, late: 1 },
      { amount: 150n, reduced: 12, late: 12_345 },
      { amount: 160n, reduced: 16, late: 0 },
      { amount: 170n, reduced: 0, late: 7 },
    ]);
    // Still owed: a user's balance, and a withdrawal requested and not paid yet.
    const holder = await seedUser(handle.database.db, 'holder');
    await credit(handle.database.db, holder.id, xrp(42n) + 1230n, `seed-${holder.id}`, clock.now());
    await request(321n);

    const figures = await summary();
    const times = await expectedTimes();
    expect(times.count).toBeGreaterThanOrEqual(6);
    expect(figures.window_count).toBe(times.count);
    expect(figures.payout_times).toEqual(times);
    // The reductions really moved the figures, so "without" is not the same number by accident.
    expect(times.median_without_ads_seconds).toBeGreaterThan(times.median_seconds);
    expect(figures).toMatchObject(await expectedTotals());
    expect(figures.reserve_ratio_percent).not.toBeNull();
  });

  it('lists every paid withdrawal newest first: masked name, amount, times and hash, nothing more', async () => {
    const response = await handle.app.inject({ method: 'GET', url: TRANSPARENCY_API.payouts });
    const { list, next_before_id } = envelope(response).data as unknown as {
      list: PaidWithdrawal[];
      next_before_id: number | null;
    };
    const rows = await handle.database.db
      .select({
        id: withdrawals.id,
        username: users.username,
        amount: withdrawals.amount,
        createdAt: withdrawals.createdAt,
        settledAt: withdrawals.settledAt,
        txHash: withdrawals.txHash,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, 'success'))
      .orderBy(sql`${withdrawals.settledAt} desc, ${withdrawals.id} desc`);
    expect(rows).toHaveLength(11);
    expect(next_before_id).toBeNull();
    expect(list).toEqual(
      rows.map((row) => ({
        id: row.id,
        username: maskName(row.username),
        amount: formatAmount(row.amount),
        requested_time: Math.floor(row.createdAt.getTime() / 1000),
        validated_time: Math.floor((row.settledAt ?? new Date(0)).getTime() / 1000),
        took_seconds: Math.floor(((row.settledAt ?? new Date(0)).getTime() - row.createdAt.getTime()) / 1000),
        tx_hash: row.txHash,
      })),
    );
    // Each hash is the one the fake ledger validated.
    for (const item of list) expect(rippled.value.applied.get(item.tx_hash ?? '')?.result).toBe('tesSUCCESS');
    expect(JSON.stringify(list)).not.toMatch(/payee-\d|rEb8TK3g/);
  });

  it('pages through the list with before_id, and refuses a malformed cursor without a 500', async () => {
    const first = envelope(await handle.app.inject({ method: 'GET', url: `${TRANSPARENCY_API.payouts}` }))
      .data as unknown as { list: PaidWithdrawal[] };
    const third = first.list[2];
    if (!third) throw new Error('too few');
    const rest = envelope(
      await handle.app.inject({ method: 'GET', url: `${TRANSPARENCY_API.payouts}?before_id=${third.id}` }),
    ).data as unknown as { list: PaidWithdrawal[] };
    expect(rest.list).toEqual(first.list.slice(3));
    const bad = await handle.app.inject({ method: 'GET', url: `${TRANSPARENCY_API.payouts}?before_id=abc` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a web process that holds no key and names no wallet', () => {
  // The payout job runs in its own process (npm run payouts), which alone holds the key.
  const keyless = useTestApp(() => ({
    clock,
    env: { XRPL_URL: rippled.value.url, TRANSPARENCY_CACHE_SECONDS: '0' },
  }));

  it('shows the wallet the payout job last signed with, and its balance, not "pays by hand"', async () => {
    const read = async () => {
      const response = await keyless.app.inject({ method: 'GET', url: TRANSPARENCY_API.summary });
      return envelope(response).data as unknown as TransparencySummary;
    };
    // No payment signed yet anywhere: there is no wallet to show.
    expect(await read()).toMatchObject({ wallet_address: null, wallet_balance: null });

    const other = Wallet.generate();
    rippled.value.balances.set(other.address, 7_000_000_000n);
    const db = keyless.database.db;
    const user = await seedUser(db, 'keyless');
    await credit(db, user.id, xrp(150n), `seed-${user.id}`, clock.now());
    await db.insert(withdrawAddresses).values({
      userId: user.id,
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      tag: '77',
      createdAt: clock.now(),
    });
    await db.update(sessions).set({ expiresAt: new Date(clock.now().getTime() + 86_400_000) });
    const asked = await post(keyless.app, '/api/user/setWithdrawStatus', user.token, {}, `w-${user.id}`);
    expect(asked.statusCode, asked.body).toBe(200);
    clock.advance(RULES.waitingDays * DAY * 1000);
    const payer = await connectXrplPayer(rippled.value.url, other.seed ?? '');
    try {
      await runPayoutOnce({ db, clock, rules: RULES, payer });
    } finally {
      await payer.close();
    }
    expect(await read()).toMatchObject({ wallet_address: other.address, wallet_balance: expect.any(String) });
  });
});
