import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { xrp } from '#domain/money/amount.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { pushSent, pushTokens, sessions, tasks as taskCatalog } from '#server/db/schema.ts';
import { deviceLinkedNotice } from '#server/features/push/notices.ts';
import { sendScheduledPushes } from '#server/features/push/push-schedule.ts';
import { createPushRepository } from '#server/features/push/push.repository.ts';
import { createPushSender, PUSH_CONCURRENCY } from '#server/features/push/push-sender.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { startFakePushService } from '#tests/fakes/fake-push-service.ts';
import { envelope, getAs, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { credit, post, seedUser, seedUsers, setTestAddress } from '#tests/helpers/money-fixtures.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

// Push over HTTP with real Web Push to a fake push service that decrypts what it receives: tokens
// and their validation, each user's settings, the notification task's acknowledged test push, and
// the scheduled pushes sent once per user and day.

const pushService = useStarted(startFakePushService);
const clock = testClock();
const handle = useTestApp(() => ({ clock, env: { PUSH_SERVICE_ORIGINS: pushService.value.origin } }));

const get = (url: string, token: string) => getAs(handle.app, url, token);
/** The server's sender, as app.ts makes it, for the jobs a test runs itself. */
const senderForTests = () =>
  createPushSender(handle.database.db, clock, {
    subject: 'mailto:test@earnest.invalid',
    log: handle.app.log,
    extraOrigins: [pushService.value.origin],
    fcm: null,
  });
const token = (id: string) => JSON.stringify(pushService.value.subscription(id));
const payloadsTo = (id: string) =>
  pushService.value.deliveries
    .filter((delivery) => delivery.id === id)
    .map((delivery) => JSON.parse(delivery.payload) as { data: Record<string, string> });

describe('push tokens and settings', () => {
  it('saves a push service’s subscription, refuses anything else, and changes nothing then', async () => {
    const user = await seedUser(handle.database.db, 'tok');
    expect(
      (await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: token('tok-1') }))
        .statusCode,
    ).toBe(200);
    for (const bad of [
      'hello',
      JSON.stringify({ endpoint: 'http://169.254.169.254/latest', keys: { p256dh: 'abc', auth: 'def' } }),
      JSON.stringify({ ...pushService.value.subscription('tok-2'), endpoint: 'http://127.0.0.1:1/push/x' }),
      // A push service's endpoint, but keys no browser makes: nothing could ever be encrypted to them.
      JSON.stringify({
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: 'AAAA', auth: 'AAAA' },
      }),
    ]) {
      const refused = await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: bad });
      expect([refused.statusCode, envelope(refused).msg]).toEqual([
        400,
        'Failed to save push-messaging token',
      ]);
    }
    expect(
      (await post(handle.app, '/api/other/saveFcmToken', '', { fcmtoken: token('tok-3') })).statusCode,
    ).toBe(401);
    const saved = await handle.database.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id));
    expect(saved.map((row) => row.token)).toEqual([token('tok-1')]);
  });

  it('starts with money and device news on and the tasks reminder off; each kind can be switched', async () => {
    const user = await seedUser(handle.database.db, 'prefs');
    const settings = envelope(await get('/api/push/settings', user.token)).data;
    expect(settings['topics']).toEqual({ withdrawals: true, devices: true, ad: true, tasks: false });
    expect(settings['vapid_public_key']).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    await post(handle.app, '/api/push/settings', user.token, { topic: 'tasks', enabled: true });
    // A form-encoded switch, as older clients send.
    await handle.app.inject({
      method: 'POST',
      url: '/api/push/settings',
      headers: { [TOKEN_HEADER]: user.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'topic=withdrawals&enabled=false',
    });
    expect(envelope(await get('/api/push/settings', user.token)).data['topics']).toEqual({
      withdrawals: false,
      devices: true,
      ad: true,
      tasks: true,
    });
    const unknown = await post(handle.app, '/api/push/settings', user.token, {
      topic: 'marketing',
      enabled: true,
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('signed-out devices', () => {
  it('get no more of the account’s pushes once signed out', async () => {
    const user = await seedUser(handle.database.db, 'leaver');
    await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: token('leaver-phone') });
    const sender = await senderForTests();
    expect(await sender.sendToUser(user.id, deviceLinkedNotice(1))).toEqual({ sent: 1, removed: 0 });
    expect((await post(handle.app, '/api/user/logout', user.token, {})).statusCode).toBe(200);
    expect(await sender.sendToUser(user.id, deviceLinkedNotice(2))).toEqual({ sent: 0, removed: 0 });
    expect(payloadsTo('leaver-phone').map((payload) => payload.data['messageId'])).toEqual([
      'device-linked-1',
    ]);
  });
});

describe('the notification task', () => {
  /** Accepts the day's tasks and starts the notification task, then lets its 5 seconds pass. */
  async function startNotificationTask(token: string) {
    const list = envelope(await post(handle.app, '/api/task/accept', token, {})).data;
    const task = (list['tasks'] as { id: number; type: string }[]).find((t) => t.type === 'notification');
    if (!task) throw new Error('no notification task');
    await post(handle.app, '/api/task/start', token, { task_id: task.id });
    clock.advance(6_000);
    return task;
  }

  it('completes only after the test push reached the device and was acknowledged', async () => {
    await handle.database.db.insert(taskCatalog).values({
      type: 'notification',
      reward: xrp(2),
      requiredSeconds: 5,
      targetUrl: null,
      content: { text: { en: { title: 'Turn on notifications', text: 'Allow notifications' } } },
      enabled: true,
      sort: 0,
    });
    const user = await seedUser(handle.database.db, 'notif');
    const task = await startNotificationTask(user.token);
    const complete = (key: string) =>
      post(handle.app, '/api/task/complete', user.token, { task_id: task.id }, key);

    // Permission and a token alone are not enough.
    expect(envelope(await complete('n-1')).data.error).toBe('tasks.push_required');
    await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: token('notif-phone') });
    expect(envelope(await complete('n-2')).data.error).toBe('tasks.push_unconfirmed');

    const sent = await post(handle.app, '/api/push/test', user.token, { fcmtoken: token('notif-phone') });
    expect(sent.statusCode).toBe(200);
    const [test] = payloadsTo('notif-phone');
    expect(test?.data).toMatchObject({ kind: 'push_test', link: '/home' });
    // Sent, not yet arrived: still not done.
    expect(envelope(await complete('n-3')).data.error).toBe('tasks.push_unconfirmed');

    expect((await post(handle.app, '/api/push/ack', '', { ack: 'x'.repeat(32) })).statusCode).toBe(404);
    expect((await post(handle.app, '/api/push/ack', '', { ack: test?.data['ack'] ?? '' })).statusCode).toBe(
      200,
    );
    // The worker may say it twice; that is fine.
    expect((await post(handle.app, '/api/push/ack', '', { ack: test?.data['ack'] ?? '' })).statusCode).toBe(
      200,
    );
    const done = await complete('n-4');
    expect(envelope(done).data).toMatchObject({ reward: '2' });
    expect(await ledger.balance(handle.database.db, user.id)).toBe(xrp(2));
  });

  it('does not count a test push from before the task was started, nor another user’s', async () => {
    const [user, other] = await seedUsers(handle.database.db, 2, 'early-ack');
    if (!user || !other) throw new Error('no users');
    const sent = await post(handle.app, '/api/push/test', user.token, { fcmtoken: token('early-phone') });
    expect(sent.statusCode).toBe(200);
    const ack = payloadsTo('early-phone')[0]?.data['ack'] ?? '';
    expect((await post(handle.app, '/api/push/ack', '', { ack })).statusCode).toBe(200);
    clock.advance(1_000);

    const task = await startNotificationTask(user.token);
    const early = await post(handle.app, '/api/task/complete', user.token, { task_id: task.id }, 'e-1');
    expect(envelope(early).data.error).toBe('tasks.push_unconfirmed');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(0n);

    // The other user's device answering does not complete this user's task either.
    await post(handle.app, '/api/push/test', other.token, { fcmtoken: token('other-phone') });
    const otherAck = payloadsTo('other-phone')[0]?.data['ack'] ?? '';
    await post(handle.app, '/api/push/ack', '', { ack: otherAck });
    const still = await post(handle.app, '/api/task/complete', user.token, { task_id: task.id }, 'e-2');
    expect(envelope(still).data.error).toBe('tasks.push_unconfirmed');
  });

  it('says "Enable Failed" when the push service has no such subscription, and limits tests per hour', async () => {
    const user = await seedUser(handle.database.db, 'limit');
    pushService.value.gone.add('limit-phone');
    const gone = await post(handle.app, '/api/push/test', user.token, { fcmtoken: token('limit-phone') });
    expect([gone.statusCode, envelope(gone).msg]).toEqual([400, 'Enable Failed']);
    // The token the push service called gone was removed again.
    expect(await handle.database.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id))).toEqual(
      [],
    );
    for (let i = 0; i < 9; i++)
      await post(handle.app, '/api/push/test', user.token, { fcmtoken: token('limit-ok') });
    const limited = await post(handle.app, '/api/push/test', user.token, { fcmtoken: token('limit-ok') });
    expect(limited.statusCode).toBe(429);
  });
});

describe('scheduled pushes', () => {
  it('tells a waiting withdrawer once a day that the ad is back, and opted-in users that tasks reset', async () => {
    const [waiting, watched, optedIn, quiet, turnedOff] = await seedUsers(handle.database.db, 5, 'sched');
    if (!waiting || !watched || !optedIn || !quiet || !turnedOff) throw new Error('no users');
    const now = clock.now();
    for (const [user, id] of [
      [waiting, 'sched-waiting'],
      [watched, 'sched-watched'],
      [optedIn, 'sched-opted'],
      [quiet, 'sched-quiet'],
      [turnedOff, 'sched-off'],
    ] as const) {
      await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: token(id) });
    }
    // Three users with a withdrawal waiting; one of them already watched today's ad, one turned it off.
    for (const [i, user] of [waiting, watched, turnedOff].entries()) {
      await credit(handle.database.db, user.id, xrp(150), `seed-${user.id}`, now);
      await setTestAddress(handle.database.db, user.id, 9000 + i, now);
      expect(
        (await post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, `w-${user.id}`)).statusCode,
      ).toBe(200);
    }
    await post(handle.app, '/api/ad/start', watched.token, {});
    clock.advance(31_000);
    expect(
      (await post(handle.app, '/api/ad/complete', watched.token, {}, `ad-${watched.id}`)).statusCode,
    ).toBe(200);
    await post(handle.app, '/api/push/settings', turnedOff.token, { topic: 'ad', enabled: false });
    await post(handle.app, '/api/push/settings', optedIn.token, { topic: 'tasks', enabled: true });

    const sender = await senderForTests();
    const deps = { db: handle.database.db, clock, rules: DEFAULT_RULES, timeZone: 'UTC', sender };
    // Two processes at once, then again later the same day: each push goes out once.
    const passes = await Promise.all([sendScheduledPushes(deps), sendScheduledPushes(deps)]);
    await sendScheduledPushes(deps);
    expect(passes.reduce((sum, pass) => sum + pass.ad_available, 0)).toBe(1);
    expect(passes.reduce((sum, pass) => sum + pass.tasks_reset, 0)).toBe(1);
    const kinds = (id: string) => payloadsTo(id).map((payload) => payload.data['kind']);
    expect(kinds('sched-waiting')).toEqual(['ad_available']);
    expect(payloadsTo('sched-waiting')[0]?.data['link']).toBe('/withdraw/status');
    expect(kinds('sched-watched')).toEqual([]);
    expect(kinds('sched-off')).toEqual([]);
    expect(kinds('sched-opted')).toEqual(['tasks_reset']);
    expect(kinds('sched-quiet')).toEqual([]);

    // The next day, again once (to devices still signed in: their sessions were used meanwhile).
    clock.advance(24 * 3600 * 1000);
    await handle.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000) })
      .where(inArray(sessions.userId, [waiting.id, watched.id, optedIn.id, quiet.id, turnedOff.id]));
    await sendScheduledPushes(deps);
    expect(kinds('sched-waiting')).toEqual(['ad_available', 'ad_available']);
    expect(kinds('sched-watched')).toEqual(['ad_available']);
    expect(kinds('sched-opted')).toEqual(['tasks_reset', 'tasks_reset']);
    const rows = await handle.database.db.select().from(pushSent).where(eq(pushSent.userId, waiting.id));
    expect(rows).toHaveLength(2);

    // A third day: what went out two days before is forgotten; yesterday's stays for a pass that
    // began before midnight.
    clock.advance(24 * 3600 * 1000);
    await handle.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000) })
      .where(inArray(sessions.userId, [waiting.id]));
    await sendScheduledPushes(deps);
    expect(kinds('sched-waiting')).toEqual(['ad_available', 'ad_available', 'ad_available']);
    const kept = await handle.database.db.select().from(pushSent).where(eq(pushSent.userId, waiting.id));
    const [firstDay, secondDay] = rows.map((row) => row.day).sort();
    expect(kept.map((row) => row.day)).toContain(secondDay);
    expect(kept.map((row) => row.day)).not.toContain(firstDay);
    expect(kept).toHaveLength(2);
  });
});

describe('a push service that says "not now"', () => {
  /** Users whose sessions live by the test's clock (which earlier tests moved ahead). */
  async function usersNow(count: number, prefix: string) {
    const users = await seedUsers(handle.database.db, count, prefix);
    await handle.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000) })
      .where(
        inArray(
          sessions.userId,
          users.map((user) => user.id),
        ),
      );
    return users;
  }

  /** A user with one device subscribed at the fake service as `id`, and the device's token row. */
  async function device(id: string) {
    const [user] = await usersNow(1, id);
    if (!user) throw new Error('no user');
    await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: token(id) });
    const [row] = await handle.database.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id));
    if (!row) throw new Error('no token');
    return row;
  }
  const attemptsOf = (id: string) => pushService.value.attempts.filter((attempt) => attempt.id === id);

  it('is never followed where it redirects: a push service cannot send the server to another address', async () => {
    const sender = await senderForTests();
    await device('redirect-target');
    pushService.value.redirect('redirect-from', `${pushService.value.origin}/push/redirect-target`);
    expect(await sender.sendToToken(await device('redirect-from'), deviceLinkedNotice(1))).toBe('failed');
    expect(attemptsOf('redirect-from').map((attempt) => attempt.status)).toEqual([302]);
    expect(attemptsOf('redirect-target')).toEqual([]);
  });

  it('is asked again after the Retry-After it gave (seconds or a date), or after a short backoff', async () => {
    const sender = await senderForTests();
    const notice = deviceLinkedNotice(1);
    pushService.value.busy('busy-429', { status: 429, retryAfter: '1' });
    expect(await sender.sendToToken(await device('busy-429'), notice)).toBe('sent');
    const [first, second] = attemptsOf('busy-429');
    expect([first?.status, second?.status]).toEqual([429, 201]);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1_000);

    // An HTTP date two seconds after the server's clock: waited out too.
    const at = new Date(Math.ceil((clock.now().getTime() + 2_000) / 1000) * 1000);
    pushService.value.busy('busy-date', { status: 503, retryAfter: at.toUTCString() });
    expect(await sender.sendToToken(await device('busy-date'), notice)).toBe('sent');
    const dated = attemptsOf('busy-date');
    expect(dated.map((attempt) => attempt.status)).toEqual([503, 201]);
    expect((dated[1]?.at ?? 0) - (dated[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);

    pushService.value.busy('busy-5xx', { status: 502 }, { status: 500 });
    expect(await sender.sendToToken(await device('busy-5xx'), notice)).toBe('sent');
    expect(attemptsOf('busy-5xx').map((attempt) => attempt.status)).toEqual([502, 500, 201]);
  });

  it('gives up after two retries, or at once when the wait asked for is too long, and leaves the token', async () => {
    const sender = await senderForTests();
    const notice = deviceLinkedNotice(2);
    const stubborn = await device('busy-stubborn');
    pushService.value.busy('busy-stubborn', { status: 503 }, { status: 503 }, { status: 503 });
    expect(await sender.sendToToken(stubborn, notice)).toBe('failed');
    expect(attemptsOf('busy-stubborn').map((attempt) => attempt.status)).toEqual([503, 503, 503]);

    const later = await device('busy-later');
    pushService.value.busy('busy-later', { status: 429, retryAfter: '3600' });
    const started = performance.now();
    expect(await sender.sendToToken(later, notice)).toBe('failed');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(attemptsOf('busy-later')).toHaveLength(1);
    // "Not now" is not "gone": both devices keep their tokens for the next message.
    const kept = await handle.database.db
      .select()
      .from(pushTokens)
      .where(inArray(pushTokens.id, [stubborn.id, later.id]));
    expect(kept).toHaveLength(2);
  });

  it('finds whom to send among more users than one statement can name, and skips those already sent', async () => {
    const row = await device('many-users');
    const repo = createPushRepository(handle.database.db);
    // More than PostgreSQL's 65,535 parameters of one statement; ids no account has.
    const userIds = [...Array.from({ length: 70_000 }, (_, i) => 1_000_000_000 + i), row.userId];
    expect(await repo.unsentWithTokens(userIds, 'tasks_reset', '2031-01-02')).toEqual(new Set([row.userId]));
    expect(await repo.claimScheduled(row.userId, 'tasks_reset', '2031-01-02', clock.now())).toBe(true);
    expect(await repo.unsentWithTokens(userIds, 'tasks_reset', '2031-01-02')).toEqual(new Set());
    expect(await repo.unsentWithTokens(userIds, 'tasks_reset', '2031-01-03')).toEqual(new Set([row.userId]));
  });

  it('sends a day’s scheduled pushes to many users a few at a time', async () => {
    const users = await usersNow(24, 'crowd');
    for (const [i, user] of users.entries()) {
      await post(handle.app, '/api/other/saveFcmToken', user.token, { fcmtoken: token(`crowd-${i}`) });
      await post(handle.app, '/api/push/settings', user.token, { topic: 'tasks', enabled: true });
    }
    pushService.value.setLatency(50);
    const before = pushService.value.peakConcurrent;
    const sender = await senderForTests();
    try {
      const sent = await sendScheduledPushes({
        db: handle.database.db,
        clock,
        rules: DEFAULT_RULES,
        timeZone: 'UTC',
        sender,
      });
      expect(sent.tasks_reset).toBeGreaterThanOrEqual(24);
    } finally {
      pushService.value.setLatency(0);
    }
    const peak = pushService.value.peakConcurrent;
    expect(peak).toBeGreaterThan(Math.max(1, before));
    expect(peak).toBeLessThanOrEqual(PUSH_CONCURRENCY);
  });
});
