import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testClock, testNow } from '#tests/helpers/test-clock.ts';
import { ledgerEntries, tasks as taskRows, withdrawAddresses } from '#server/db/schema.ts';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { xrp } from '#domain/money/amount.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { envelope, getAs, register, useTestApp } from '#tests/helpers/app.ts';
import {
  acceptDay,
  completeTasks,
  credit,
  post,
  seedUser,
  setTestAddress,
  userIdOf,
} from '#tests/helpers/money-fixtures.ts';

const clock = testClock();

const handle = useTestApp({ clock });

const get = (url: string, token: string) => getAs(handle.app, url, token);

describe('tasks, interest and the gift over HTTP', () => {
  it('shows each task’s rules before it starts and refuses an early completion without crediting', async () => {
    const user = await seedUser(handle.database.db, 'early');
    const preview = envelope(await get('/api/task/list?locale=en', user.token)).data;
    expect(preview['accepted']).toBe(false);
    const tasks = preview['tasks'] as {
      id: number;
      reward: string;
      required_seconds: number;
      type: string;
    }[];
    expect(tasks).toHaveLength(10);
    expect(tasks.every((t) => t.reward === '2' && t.required_seconds > 0)).toBe(true);

    expect(envelope(await post(handle.app, '/api/task/start', user.token, { task_id: 1 })).data.error).toBe(
      'tasks.not_accepted',
    );
    await post(handle.app, '/api/task/accept', user.token, {});
    await post(handle.app, '/api/task/start', user.token, { task_id: 1 });
    const early = await post(handle.app, '/api/task/complete', user.token, { task_id: 1 }, 'early-1');
    expect(early.statusCode).toBe(400);
    expect(envelope(early).msg).toBe('Insufficient task time, please try again.');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(0n);

    clock.advance((tasks[0]?.required_seconds ?? 0) * 1000);
    const done = await post(handle.app, '/api/task/complete', user.token, { task_id: 1 }, 'early-2');
    expect(envelope(done).data).toMatchObject({ reward: '2', balance: '2', completed: 1 });
  });

  it('refuses a task id beyond the id column as a bad request, never an error of the server', async () => {
    const user = await seedUser(handle.database.db, 'huge-id');
    await post(handle.app, '/api/task/accept', user.token, {});
    for (const taskId of [2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      for (const url of ['/api/task/complete', '/api/task/start']) {
        const response = await post(
          handle.app,
          url,
          user.token,
          { task_id: taskId },
          `huge-${url}-${taskId}`,
        );
        expect(response.statusCode, url).toBe(400);
        expect(envelope(response).data.error, url).toBe('tasks.id_required');
      }
    }
    expect(await ledger.balance(handle.database.db, user.id)).toBe(0n);
  });

  it('names the field at fault: a task id gets its own message, a bad day or answer the generic one', async () => {
    const user = await seedUser(handle.database.db, 'faults');
    await post(handle.app, '/api/task/accept', user.token, {});
    const cases: [object, string][] = [
      [{}, 'tasks.id_required'],
      [{ task_id: 'one' }, 'tasks.id_required'],
      [{ task_id: 'one', day: 'yesterday' }, 'tasks.id_required'],
      [{ task_id: 1, day: 'yesterday' }, 'request.invalid'],
      [{ task_id: 1, day: '2026-02-30' }, 'request.invalid'],
      [{ task_id: 1, answers: ['a'] }, 'request.invalid'],
    ];
    for (const [index, [body, code]] of cases.entries()) {
      const response = await post(handle.app, '/api/task/complete', user.token, body, `fault-${index}`);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(response).data.error, JSON.stringify(body)).toBe(code);
    }
    // No body at all misses the task id too.
    const bare = await handle.app.inject({
      method: 'POST',
      url: '/api/task/start',
      headers: { [TOKEN_HEADER]: user.token },
    });
    expect(envelope(bare).data.error).toBe('tasks.id_required');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(0n);
  });

  it('a retry that meets the other release of a rolling upgrade, with or without the day, is the same completion', async () => {
    const user = await seedUser(handle.database.db, 'rolling');
    await post(handle.app, '/api/task/accept', user.token, {});
    const list = envelope(await get('/api/task/list?locale=en', user.token)).data as {
      day: string;
      tasks: { id: number; required_seconds: number }[];
    };
    const [first, second] = list.tasks;
    if (!first || !second) throw new Error('no tasks');
    for (const task of [first, second])
      await post(handle.app, '/api/task/start', user.token, { task_id: task.id });
    clock.advance(Math.max(first.required_seconds, second.required_seconds) * 1000);

    // The release before drops the day it does not know; this one names it, and the other way round.
    const pairs = [
      [{ task_id: first.id }, { task_id: first.id, day: list.day }],
      [{ task_id: second.id, day: list.day }, { task_id: second.id }],
    ] as const;
    for (const [index, [sent, retried]] of pairs.entries()) {
      const credited = await post(handle.app, '/api/task/complete', user.token, sent, `rolling-${index}`);
      const retry = await post(handle.app, '/api/task/complete', user.token, retried, `rolling-${index}`);
      expect(retry.headers['idempotent-replayed'], String(index)).toBe('true');
      expect(retry.body).toBe(credited.body);
    }
    // The key still names one task: another task under it is another request.
    const other = await post(
      handle.app,
      '/api/task/complete',
      user.token,
      { task_id: second.id },
      'rolling-0',
    );
    expect(envelope(other).data.error).toBe('request.idempotency_mismatch');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(4n * 10n ** 7n);
  });

  it('needs an Idempotency-Key, and refuses a key reused for another request', async () => {
    const user = await seedUser(handle.database.db, 'keys');
    expect(envelope(await post(handle.app, '/api/user/newUserReward', user.token, {})).data.error).toBe(
      'request.idempotency_key_required',
    );
    const first = await post(handle.app, '/api/user/newUserReward', user.token, {}, 'same-key');
    const replay = await post(handle.app, '/api/user/newUserReward', user.token, {}, 'same-key');
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await post(handle.app, '/api/withdraw/claimInterest', user.token, {}, 'same-key');
    expect(other.statusCode).toBe(422);
    expect(await ledger.balance(handle.database.db, user.id)).toBe(30n * 10n ** 7n);
  });

  it('credits a gift claim replayed with an empty text body, as service workers of earlier releases sent it', async () => {
    const user = await seedUser(handle.database.db, 'empty-text');
    const response = await handle.app.inject({
      method: 'POST',
      url: '/api/user/newUserReward',
      headers: {
        [TOKEN_HEADER]: user.token,
        [IDEMPOTENCY_HEADER]: 'empty-text-1',
        'content-type': 'text/plain;charset=UTF-8',
      },
      payload: '',
    });
    expect(envelope(response).data).toMatchObject({ amount: '30' });
    expect(await ledger.balance(handle.database.db, user.id)).toBe(30n * 10n ** 7n);
  });

  it('answers an interest claim without a body as one with an empty body: its body is optional', async () => {
    const user = await seedUser(handle.database.db, 'no-body-claim');
    const bodies = [
      {},
      { payload: '', headers: { 'content-type': 'text/plain;charset=UTF-8' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
    ];
    for (const [index, { payload, headers }] of bodies.entries()) {
      const response = await handle.app.inject({
        method: 'POST',
        url: '/api/withdraw/claimInterest',
        headers: { ...headers, [TOKEN_HEADER]: user.token, [IDEMPOTENCY_HEADER]: `no-body-${index}` },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(envelope(response).data.error, String(index)).toBe('rewards.tasks_incomplete');
    }
  });

  it('pays interest only after all 10 tasks and with an address, exactly the amount shown', async () => {
    const user = await seedUser(handle.database.db, 'interest');
    await post(handle.app, '/api/user/newUserReward', user.token, {}, 'gift');
    const claimEarly = await post(handle.app, '/api/withdraw/claimInterest', user.token, {}, 'i-1');
    expect(envelope(claimEarly).msg).toBe("Complete all of today's tasks to claim interest");

    const tasks = await acceptDay(handle.app, user.token);
    expect(await completeTasks(handle.app, user.token, tasks, clock, 't')).toEqual(tasks.map(() => 200));
    expect(envelope(await post(handle.app, '/api/withdraw/claimInterest', user.token, {}, 'i-2')).msg).toBe(
      'No withdrawal address set',
    );
    await handle.database.db
      .insert(withdrawAddresses)
      .values({ userId: user.id, address: 'rTestAddress', tag: '1', createdAt: testNow() });

    const offer = envelope(await get('/api/account/dailyReward', user.token)).data;
    expect(offer).toMatchObject({ today_tasks: 10, address_set: true, claimed_today: false });
    // The figures name their day as the task list does, so the app never adds one day's to another's.
    const listed = envelope(await get('/api/task/list?locale=en', user.token)).data;
    expect(offer['day']).toBe(listed['day']);
    expect(offer['day']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 50 XRP at 5% for a day: 50 × 0.05 / 365 = 0.00684931… XRP, rounded down to a drop: 0.006849.
    expect(offer['daily_reward']).toBe('0.006849');
    const wrong = await post(handle.app, '/api/withdraw/claimInterest', user.token, { amount: '0.1' }, 'i-3');
    expect(envelope(wrong).data.error).toBe('rewards.amount_changed');
    const claimed = await post(
      handle.app,
      '/api/withdraw/claimInterest',
      user.token,
      { amount: '0.006849' },
      'i-4',
    );
    expect(envelope(claimed).data).toMatchObject({ amount: '0.006849', balance: '50.006849' });
    const again = await post(handle.app, '/api/withdraw/claimInterest', user.token, {}, 'i-5');
    expect(envelope(again).msg).toBe('You have already claimed the reward');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(
      await ledger.sum(handle.database.db, user.id),
    );

    const info = envelope(await get('/api/account/userInfo', user.token)).data['userInfo'];
    expect(info).toMatchObject({ total_tasks: 10, total_claimed: '0.006849', balance: '50.006849' });
  });

  it('a task switched off after the day was accepted leaves the day: the interest needs the tasks left', async () => {
    const user = await seedUser(handle.database.db, 'shorter');
    await setTestAddress(handle.database.db, user.id, 3);
    await credit(handle.database.db, user.id, xrp(50));
    const [switchedOff, ...rest] = await acceptDay(handle.app, user.token);
    if (!switchedOff) throw new Error('no task');
    expect(await completeTasks(handle.app, user.token, rest, clock, 'off')).toEqual(rest.map(() => 200));
    const before = envelope(await post(handle.app, API.claimInterest, user.token, {}, 'off-i1'));
    expect(before.data.error).toBe('rewards.tasks_incomplete');

    await handle.database.db.update(taskRows).set({ enabled: false }).where(eq(taskRows.id, switchedOff.id));
    try {
      const listed = envelope(await get('/api/task/list?locale=en', user.token)).data;
      expect((listed['tasks'] as unknown[]).length).toBe(9);
      const offer = envelope(await get(API.dailyReward, user.token)).data;
      expect(offer).toMatchObject({ today_tasks: 9, day_tasks: 9, tasks_per_day: 10 });
      const claim = await post(
        handle.app,
        API.claimInterest,
        user.token,
        { amount: offer['daily_reward'] },
        'off-i2',
      );
      expect(envelope(claim).data).toMatchObject({ amount: offer['daily_reward'] });
    } finally {
      await handle.database.db.update(taskRows).set({ enabled: true }).where(eq(taskRows.id, switchedOff.id));
    }
  });

  it('credits the gift only as shown: a claim sent with another amount is refused and credits nothing', async () => {
    const user = await seedUser(handle.database.db, 'gift-shown');
    expect(envelope(await get(API.dailyReward, user.token)).data['gift_amount']).toBe('30');
    // What a claim shown 10 XRP before the operator raised it to 30 sends.
    const stale = await post(handle.app, API.newUserReward, user.token, { amount: '10' }, 'gs-1');
    expect(envelope(stale).data.error).toBe('rewards.amount_changed');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(0n);
    const claim = await post(handle.app, API.newUserReward, user.token, { amount: '30' }, 'gs-2');
    expect(envelope(claim).data).toMatchObject({ amount: '30', balance: '30' });
  });

  // Last in the file: it moves the shared clock past midnight.
  it('credits a task started before midnight and sent after it to the day it was started, once', async () => {
    const user = await seedUser(handle.database.db, 'midnight');
    const now = clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    clock.advance(midnight - now.getTime() - 60_000);
    const startDay = clock.now().toISOString().slice(0, 10);
    await post(handle.app, '/api/task/accept', user.token, {});
    const [first, second] = envelope(await get('/api/task/list?locale=en', user.token)).data['tasks'] as {
      id: number;
      required_seconds: number;
    }[];
    if (!first || !second) throw new Error('no tasks');
    await post(handle.app, '/api/task/start', user.token, { task_id: first.id });

    // The completion was kept offline and reaches the server after midnight.
    clock.advance(60_000 + first.required_seconds * 1000);
    const late = await post(handle.app, '/api/task/complete', user.token, { task_id: first.id }, 'late-1');
    expect(envelope(late).data).toMatchObject({ reward: '2', completed: 1 });
    const again = await post(handle.app, '/api/task/complete', user.token, { task_id: first.id }, 'late-2');
    expect(envelope(again).data.error).toBe('tasks.not_accepted');
    // A task never started that day is not credited to it.
    const never = await post(handle.app, '/api/task/complete', user.token, { task_id: second.id }, 'late-3');
    expect(envelope(never).data.error).toBe('tasks.not_accepted');
    const entries = await handle.database.db
      .select({ reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'task')));
    expect(entries).toEqual([{ reference: `task:${first.id}:${startDay}` }]);
  });

  // After the one above, and like it last: it moves the shared clock past another midnight.
  it('credits a completion to the day it names, even when the task was started again on the new day', async () => {
    // Registered now: a seeded session would have expired on the days the tests above moved through.
    const { token } = await register(handle.app, 'named-day');
    const user = { token, id: await userIdOf(handle.database.db, 'named-day') };
    const now = clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    clock.advance(midnight - now.getTime() - 60_000);
    await post(handle.app, '/api/task/accept', user.token, {});
    const before = envelope(await get('/api/task/list?locale=en', user.token)).data as {
      day: string;
      tasks: { id: number; required_seconds: number }[];
    };
    const task = before.tasks[0];
    if (!task) throw new Error('no tasks');
    await post(handle.app, '/api/task/start', user.token, { task_id: task.id });
    const complete = (day: string, key: string) =>
      post(handle.app, '/api/task/complete', user.token, { task_id: task.id, day }, key);

    // Kept offline past midnight; meanwhile the same task is started on the new day.
    clock.advance(60_000 + task.required_seconds * 1000);
    await post(handle.app, '/api/task/accept', user.token, {});
    const after = envelope(await get('/api/task/list?locale=en', user.token)).data as { day: string };
    expect(after.day).not.toBe(before.day);
    await post(handle.app, '/api/task/start', user.token, { task_id: task.id });
    // A day that has not begun has no run.
    const tomorrow = new Date(Date.parse(`${after.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(envelope(await complete(tomorrow, 'named-0')).data.error).toBe('tasks.not_accepted');

    expect(envelope(await complete(before.day, 'named-1')).data).toMatchObject({ reward: '2', completed: 1 });
    // The new day's run is still open, and is credited to the new day once its own time has passed.
    expect(envelope(await complete(after.day, 'named-2')).data.error).toBe('tasks.too_early');
    clock.advance(task.required_seconds * 1000);
    expect(envelope(await complete(after.day, 'named-3')).data).toMatchObject({ reward: '2', completed: 1 });
    expect(envelope(await complete(before.day, 'named-4')).data.error).toBe('tasks.already_completed');
    const entries = await handle.database.db
      .select({ reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'task')))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { reference: `task:${task.id}:${before.day}` },
      { reference: `task:${task.id}:${after.day}` },
    ]);
    // A day that is no calendar day is refused at the edge, and moves nothing.
    const malformed = await complete('2026-02-30', 'named-5');
    expect(malformed.statusCode).toBe(400);
    expect(await ledger.balance(handle.database.db, user.id)).toBe(4n * 10n ** 7n);
  });
});
