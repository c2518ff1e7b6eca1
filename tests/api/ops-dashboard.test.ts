import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { OPS_API } from '#contract/ops.ts';
import type { Dashboard } from '#contract/ops-dashboard.ts';
import { ACCOUNT_DELETED } from '#domain/auth/deletion.ts';
import { formatAmount, xrp } from '#domain/money/amount.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import {
  accountLocks,
  ledgerEntries,
  pushSent,
  sessions,
  smsSends,
  taskRuns,
  tasks,
  users,
  withdrawals,
} from '#server/db/schema.ts';
import { startFakeRippled } from '#tests/fakes/fake-rippled.ts';
import { envelope, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { credit, seedUser, seedUsers, seedWithdrawals } from '#tests/helpers/money-fixtures.ts';
import { createOperator, opsRequest, opsToken } from '#tests/helpers/operators.ts';

// Every dashboard figure against the same figure computed here from the rows themselves (and the fake
// ledger's balance), with a day time zone that is not UTC so "today" and the chart's days are the
// server's configured ones.
const TIME_ZONE = 'America/New_York';
const seed = Wallet.generate().seed ?? '';
const wallet = Wallet.fromSeed(seed).address;
const rippled = useStarted(() => startFakeRippled());
const clock = testClock();
const handle = useTestApp(() => ({
  clock,
  env: { DAY_TIME_ZONE: TIME_ZONE, XRPL_URL: rippled.value.url, XRPL_SEED: seed },
}));

const dayIn = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
const dayOfTest = (at: Date) => dayIn.format(at);
const DAY_MS = 86_400_000;

describe('the dashboard', () => {
  it('shows each figure as computed from the database and the ledger', async () => {
    const { app, database } = handle;
    const db = database.db;
    const now = clock.now();
    const seeded = await seedUsers(db, 4, 'dash');
    const [a, b, c, gone] = seeded;
    if (!a || !b || !c || !gone) throw new Error('no users');
    // A deleted account's balance: its owner was told it is lost, so nobody is owed it.
    await credit(db, gone.id, xrp(5), 'dash-gone', now);
    await db.insert(accountLocks).values({ userId: gone.id, reason: ACCOUNT_DELETED, createdAt: now });
    // Credits today, yesterday and 40 days ago (outside the chart).
    await credit(db, a.id, xrp(12), 'dash-a', now);
    await credit(db, b.id, xrp(3), 'dash-b', new Date(now.getTime() - DAY_MS));
    await credit(db, c.id, xrp(7), 'dash-c', new Date(now.getTime() - 40 * DAY_MS));
    // A user seen 3 days ago only; one created 2 days ago.
    await db.update(sessions).set({ lastSeenAt: new Date(now.getTime() - 3 * DAY_MS) });
    await db.insert(sessions).values({
      userId: a.id,
      tokenHash: 'dash-active',
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + DAY_MS),
    });
    // Withdrawals: open ones through the API, and one paid yesterday.
    await seedWithdrawals(app, db, 2, { prefix: 'dash-w', firstTag: 7100, amount: xrp(125) });
    const paidUser = await seedUser(db, 'dash-paid');
    await db.insert(withdrawals).values({
      userId: paidUser.id,
      amount: xrp(9),
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      tag: '7199',
      status: 'success',
      createdAt: new Date(now.getTime() - 31 * DAY_MS),
      settledAt: new Date(now.getTime() - DAY_MS),
      txHash: 'A'.repeat(64),
    });
    const [task] = await db
      .insert(tasks)
      .values({ type: 'visit', reward: xrp(1), requiredSeconds: 5, content: {}, enabled: true, sort: 1 })
      .returning({ id: tasks.id });
    if (!task) throw new Error('no task');
    await db.insert(taskRuns).values([
      { userId: a.id, day: dayOfTest(now), taskId: task.id, startedAt: now, completedAt: now },
      { userId: b.id, day: dayOfTest(now), taskId: task.id, startedAt: now, completedAt: null },
    ]);
    await db.insert(smsSends).values({
      userId: a.id,
      numberHash: 'n',
      rangeHash: 'r',
      ipHash: 'i',
      createdAt: now,
    });
    await db.insert(pushSent).values({ userId: b.id, kind: 'tasks', day: dayOfTest(now), sentAt: now });
    rippled.value.balances.set(wallet, 123_456_789n);

    const operator = await createOperator(app, db, clock, 'dash.admin');
    const token = await opsToken(app, operator, clock);
    const body = envelope(await opsRequest(app, 'GET', OPS_API.dashboard, token));
    expect(body.code).toBe(1);
    const dashboard = body.data as unknown as Dashboard;

    // The same figures, from the rows.
    const today = dayOfTest(clock.now());
    const isToday = (at: Date | null) => at !== null && dayOfTest(at) === today;
    const allUsers = await db.select().from(users);
    const allSessions = await db.select().from(sessions);
    const entries = await db.select().from(ledgerEntries);
    const allWithdrawals = await db.select().from(withdrawals);
    const runs = await db.select().from(taskRuns);
    const owed = allUsers.filter((user) => user.id !== gone.id).reduce((sum, user) => sum + user.balance, 0n);
    const open = allWithdrawals.filter((row) => ['processing', 'transferring'].includes(row.status));
    const credits = new Map<string, { amount: bigint; entries: number }>();
    for (const entry of entries.filter((row) => row.amount > 0n && isToday(row.createdAt))) {
      const kind = credits.get(entry.kind) ?? { amount: 0n, entries: 0 };
      credits.set(entry.kind, { amount: kind.amount + entry.amount, entries: kind.entries + 1 });
    }

    expect(dashboard.today).toBe(today);
    expect(dashboard.users).toEqual({
      total: allUsers.length,
      new_today: allUsers.filter((user) => isToday(user.createdAt)).length,
      active_today: new Set(allSessions.filter((row) => isToday(row.lastSeenAt)).map((row) => row.userId))
        .size,
    });
    // a (signed in again today), the two who withdrew and the paid one; not the three seen 3 days ago.
    expect(dashboard.users.active_today).toBe(4);
    expect(dashboard.tasks_completed_today).toBe(runs.filter((run) => isToday(run.completedAt)).length);
    expect(dashboard.credited_today).toEqual(
      [...credits.entries()]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([kind, sum]) => ({ kind, amount: formatAmount(sum.amount), entries: sum.entries })),
    );
    expect(dashboard.owed).toBe(formatAmount(owed));
    expect(dashboard.open_withdrawals).toEqual({
      count: open.length,
      amount: formatAmount(open.reduce((sum, row) => sum + row.amount, 0n)),
      oldest_time: Math.floor(Math.min(...open.map((row) => row.createdAt.getTime())) / 1000),
    });
    expect(dashboard.open_withdrawals.count).toBe(2);
    expect(dashboard.sms_sent_today).toBe(1);
    expect(dashboard.pushes_sent_today).toBe(1);
    const walletUnits = 123_456_789n * 10n;
    const owedAll = owed + open.reduce((sum, row) => sum + row.amount, 0n);
    expect(dashboard.owed_with_open).toBe(formatAmount(owedAll));
    expect(dashboard.wallet).toEqual({
      address: wallet,
      balance: formatAmount(walletUnits),
      reserve_ratio: `${(walletUnits * 10_000n) / owedAll / 10_000n}.${String(((walletUnits * 10_000n) / owedAll) % 10_000n).padStart(4, '0')}`,
      unreachable: false,
    });

    // The chart: 30 days ending today, each day's credits (refunds aside) and paid withdrawals.
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days.at(-1)?.day).toBe(today);
    for (const day of dashboard.days) {
      const credited = entries
        .filter((row) => row.amount > 0n && row.kind !== 'refund' && dayOfTest(row.createdAt) === day.day)
        .reduce((sum, row) => sum + row.amount, 0n);
      const paid = allWithdrawals
        .filter((row) => row.status === 'success' && row.settledAt && dayOfTest(row.settledAt) === day.day)
        .reduce((sum, row) => sum + row.amount, 0n);
      expect({ day: day.day, credited: day.credited, paid: day.paid }).toEqual({
        day: day.day,
        credited: formatAmount(credited),
        paid: formatAmount(paid),
      });
    }
    expect(dashboard.days.find((day) => day.day === dayOfTest(new Date(now.getTime() - DAY_MS)))?.paid).toBe(
      '9',
    );
  });

  it('says the ledger could not be read rather than showing a balance', async () => {
    const { app, database } = handle;
    await rippled.value.close();
    const operator = await createOperator(app, database.db, clock, 'dash.reader');
    const token = await opsToken(app, operator, clock);
    const dashboard = envelope(await opsRequest(app, 'GET', OPS_API.dashboard, token))
      .data as unknown as Dashboard;
    expect(dashboard.wallet).toEqual({
      address: wallet,
      balance: null,
      reserve_ratio: null,
      unreachable: true,
    });
  });
});
