import http from 'node:http';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { ledgerEntries, pushSent, withdrawals } from '#server/db/schema.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { startFakePushService, type FakePushService } from '#tests/fakes/fake-push-service.ts';
import { startFakeRippled, type FakeRippled } from '#tests/fakes/fake-rippled.ts';
import { startFakeSms, type FakeSms } from '#tests/fakes/fake-sms.ts';
import { describeOnPostgres, type TestDatabase } from '#tests/helpers/databases.ts';
import { credit, seedUser, seedUsers, setTestAddress } from '#tests/helpers/money-fixtures.ts';
import { sample } from '#tests/helpers/prometheus.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '#tests/helpers/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from '#tests/helpers/server-process.ts';

// `npm run test:multi`: two server processes on one PostgreSQL database behind a round-robin proxy on
// 127.0.0.1, every request alternating between them, as a load balancer sends them. What one process
// guarantees must hold for two: money moves once however many race (50 at once per operation), every
// limit counts once across processes (not twice), the payout job running in both pays each
// withdrawal once, the daily push reaches each user once a day, and the processes' /metrics count
// exactly the requests the proxy gave each.

const RACE = 50;
const RACERS = 5;
const METRICS_TOKEN = 'multi-process-metrics-token-0123456789';

interface Answer {
  status: number;
  body: { code: number; msg: string; data: Record<string, unknown> & { error?: string } };
}

await describeOnPostgres('two server processes behind one address', (backend) => {
  let database: TestDatabase;
  let rippled: FakeRippled;
  let pushService: FakePushService;
  let sms: FakeSms;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  const agents = new Map<string, http.Agent>();
  let baseline: string[] = [];

  /** A request through the proxy, from a loopback address of the test's choosing (127.0.0.x). */
  function call(
    path: string,
    options: { token?: string; key?: string; body?: object; from?: string; method?: 'GET' | 'POST' } = {},
  ): Promise<Answer> {
    const from = options.from ?? '127.0.0.1';
    let agent = agents.get(from);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, localAddress: from, maxSockets: 64 });
      agents.set(from, agent);
    }
    const method = options.method ?? (options.body ? 'POST' : 'GET');
    const payload = method === 'POST' ? JSON.stringify(options.body ?? {}) : null;
    const { port } = new URL(proxy.url);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: {
            ...(payload !== null ? { 'content-type': 'application/json' } : {}),
            ...(options.token ? { [TOKEN_HEADER]: options.token } : {}),
            ...(options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {}),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          response.on('end', () => {
            try {
              resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
            } catch {
              reject(new Error(`${path}: not JSON (${response.statusCode}): ${text.slice(0, 200)}`));
            }
          });
        },
      );
      request.on('error', reject);
      request.end(payload ?? undefined);
    });
  }

  /** Each process's /metrics, read straight from it (a scraper reaches every process, not the proxy). */
  const scrape = (server: ServerProcess) =>
    fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
      async (response) => {
        expect(response.status).toBe(200);
        return response.text();
      },
    );
  /** A process's count of answered /api requests in a scrape. */
  const apiRequests = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('earnest_http_requests_total{') && line.includes('route="/api/'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);

  beforeAll(async () => {
    database = await backend.create();
    [rippled, pushService, sms] = await Promise.all([
      startFakeRippled({ closeMs: 30 }),
      startFakePushService(),
      startFakeSms(),
    ]);
    const env = {
      DATABASE_URL: database.url ?? '',
      TRUST_PROXY: '1',
      METRICS: 'on',
      METRICS_TOKEN,
      // Both run the payout job with the one payout wallet, and the scheduled pushes.
      PAYOUTS: 'on',
      XRPL_URL: rippled.url,
      XRPL_SEED: Wallet.generate().seed ?? '',
      PAYOUT_INTERVAL_SECONDS: '0.5',
      PAYOUT_RESUBMIT_SECONDS: '0.3',
      PUSH_SCHEDULE_SECONDS: '0.5',
      PUSH_SERVICE_ORIGINS: pushService.origin,
      SMS_PROVIDER_URL: sms.url,
      PUBLIC_ORIGIN: 'https://earnest.example',
      CHECKIN_RATE_LIMIT: '10',
      WAITING_DAYS: '0',
      MIN_WITHDRAWAL_XRP: '1',
      TASKS_PER_DAY: '2',
      DEMO_TASK_SECONDS: '0',
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    proxy = await startRoundRobinProxy(servers.map((server) => server.url));
    baseline = await Promise.all(servers.map(scrape));
  }, 120_000);

  afterAll(async () => {
    for (const agent of agents.values()) agent.destroy();
    const stopped = await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await proxy?.close();
    await Promise.all([rippled?.close(), pushService?.close(), sms?.close()]);
    await database?.dispose();
    // A process that did not stop cleanly says why: the last of what it wrote.
    const lastWords = servers.map((server) => server.lines.slice(-15).join('\n')).join('\n---\n');
    expect(
      stopped.map((s) => s.code),
      lastWords,
    ).toEqual(servers.map(() => 0));
  }, 60_000);

  /** `RACE` copies of one operation at once, each with its own Idempotency-Key unless `key` is given. */
  const race = (path: string, token: string, tag: string, body: object = {}, key?: string) =>
    Promise.all(
      Array.from({ length: RACE }, (_, i) => call(path, { token, body, key: key ?? `${tag}-${i}` })),
    );
  const successes = (answers: Answer[]) => answers.filter((a) => a.status === 200 && a.body.code === 1);

  it(`races ${RACE} at once per money operation across both processes: each is credited once`, async () => {
    const racers = await seedUsers(database.db, RACERS, 'multi-racer');
    // Prometheus scraping both processes all along: their counts only ever go up.
    const scraped: number[][] = [];
    let scraping = true;
    const scraper = (async () => {
      while (scraping) {
        scraped.push((await Promise.all(servers.map(scrape))).map(apiRequests));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const perOperation = new Map<string, number[]>();
    const tally = (operation: string, answers: Answer[]) => {
      perOperation.set(operation, [...(perOperation.get(operation) ?? []), successes(answers).length]);
    };
    for (const [i, racer] of racers.entries()) {
      const token = racer.token;
      await setTestAddress(database.db, racer.id, 50_000 + i);

      const gifts = await race(API.newUserReward, token, `gift-${racer.id}`);
      tally('gift', gifts);
      // The winning key sent again 50 times at once: the stored first answer, nothing credited again.
      const winner = gifts.findIndex((a) => a.status === 200 && a.body.code === 1);
      const replays = await race(API.newUserReward, token, 'replay', {}, `gift-${racer.id}-${winner}`);
      expect(replays.map((a) => a.status)).toEqual(Array(RACE).fill(200));
      expect(new Set(replays.map((a) => JSON.stringify(a.body.data))).size).toBe(1);

      const day = await call(`${API.taskAccept}?locale=en`, { token, body: {} });
      const tasks = day.body.data['tasks'] as {
        id: number;
        questions: { id: string; options: { id: string }[] }[];
      }[];
      expect(tasks).toHaveLength(2);
      for (const [t, task] of tasks.entries()) {
        await call(API.taskStart, { token, body: { task_id: task.id } });
        const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id ?? '']));
        const body = { task_id: task.id, ...(task.questions.length ? { answers } : {}) };
        tally('task', await race(API.taskComplete, token, `task-${racer.id}-${t}`, body));
      }

      tally('interest', await race(API.claimInterest, token, `interest-${racer.id}`));

      const phone = `+44791${2 + i}123456`;
      expect(
        (await call(API.kycSendCode, { token, body: { phone }, from: `127.0.1.${i + 1}` })).body.code,
      ).toBe(1);
      const code = sms.lastCode(phone) ?? '';
      tally('phone bonus', await race(API.kycVerify, token, `kyc-${racer.id}`, { code }));

      tally('withdrawal', await race(API.setWithdrawStatus, token, `withdraw-${racer.id}`));
    }

    scraping = false;
    await scraper;
    expect(scraped.length).toBeGreaterThan(3);
    for (const [i, counts] of scraped.slice(1).entries()) {
      counts.forEach((n, server) => expect(n).toBeGreaterThanOrEqual(scraped[i]?.[server] ?? 0));
    }
    for (const [operation, won] of perOperation) {
      const expected = operation === 'task' ? RACERS * 2 : RACERS;
      expect(won, operation).toEqual(Array(expected).fill(1));
    }
    const ids = racers.map((racer) => racer.id);
    const entries = await database.db
      .select({ userId: ledgerEntries.userId, kind: ledgerEntries.kind, n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.userId, ids))
      .groupBy(ledgerEntries.userId, ledgerEntries.kind);
    for (const id of ids) {
      const kinds = Object.fromEntries(entries.filter((e) => e.userId === id).map((e) => [e.kind, e.n]));
      // A withdrawal paid and refunded would show as a refund: none is.
      expect(kinds).toEqual({ gift: 1, task: 2, interest: 1, phone_bonus: 1, withdrawal: 1 });
      expect(await ledger.balance(database.db, id)).toBe(await ledger.sum(database.db, id));
      expect(await ledger.balance(database.db, id)).toBe(0n);
    }
    const open = await database.db.select().from(withdrawals).where(inArray(withdrawals.userId, ids));
    expect(open).toHaveLength(RACERS);
    const operations = [...perOperation.values()].flat().length;
    console.log(
      `multi-process races: ${operations} races of ${RACE} (${operations * RACE} requests, plus ${RACERS * RACE} same-key replays), ` +
        `${operations} credited, 0 doubled, 0 lost; every balance equals its ledger; /metrics of both scraped ${scraped.length} times meanwhile`,
    );
  }, 300_000);

  it('counts every limit once across both processes, not twice', async () => {
    // Sign-in and registration per address (CHECKIN_RATE_LIMIT=10 a minute): 20 at once.
    const checkIns = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(API.checkIn, {
          from: '127.0.2.1',
          body:
            i % 2 === 0
              ? { tab: 'login', username: `nobody-${i}`, password: 'secret12' }
              : {
                  tab: 'register',
                  username: `limited-${i}`,
                  password: 'secret12',
                  confirm_password: 'secret12',
                },
        }),
      ),
    );
    expect(checkIns.filter((a) => a.status === 429)).toHaveLength(10);

    // Pairing codes for signed-out devices per address (20 in 10 minutes): 40 at once.
    const pairings = await Promise.all(
      Array.from({ length: 40 }, () => call(API.pairingStart, { from: '127.0.2.2', body: {} })),
    );
    expect(pairings.filter((a) => a.status === 200)).toHaveLength(20);
    expect(pairings.filter((a) => a.status === 429)).toHaveLength(20);

    // SMS per address (10 an hour): 20 accounts, 20 numbers, one address.
    const senders = await seedUsers(database.db, 20, 'multi-sms');
    const sends = await Promise.all(
      senders.map((user, i) =>
        call(API.kycSendCode, {
          token: user.token,
          from: '127.0.2.3',
          body: { phone: `+4479111234${String(i).padStart(2, '0')}` },
        }),
      ),
    );
    expect(sends.filter((a) => a.body.code === 1)).toHaveLength(10);
    expect(sends.filter((a) => a.body.data.error === 'kyc.too_many')).toHaveLength(10);
    expect(sms.messages.filter((m) => m.to.startsWith('+4479111234'))).toHaveLength(10);

    // Pairing-code tries per account (LINK_ATTEMPT_LIMIT, 10 in 10 minutes): 20 at once.
    const prober = await seedUser(database.db, 'multi-prober');
    const tries = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(API.linkPreview, { token: prober.token, from: '127.0.2.4', body: { code: 'ABCDE-FGHJK' } }),
      ),
    );
    expect(tries.filter((a) => a.body.data.error === 'device.code_invalid')).toHaveLength(10);
    expect(tries.filter((a) => a.body.data.error === 'request.rate_limited')).toHaveLength(10);

    // The current password (the 5th wrong try in a row locks it for a day): 12 wrong at once.
    const owner = await call(API.checkIn, {
      from: '127.0.2.5',
      body: { tab: 'register', username: 'multi-owner', password: 'secret12', confirm_password: 'secret12' },
    });
    const ownerToken = (owner.body.data['userInfo'] as { token: string }).token;
    const wrong = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(API.changePassword, {
          token: ownerToken,
          from: '127.0.2.5',
          body: { password: 'not-it-123', new_password: 'secret34', confirm_password: 'secret34' },
        }),
      ),
    );
    const errors = wrong.map((a) => a.body.data.error);
    expect(errors.filter((e) => e === 'account.password_wrong')).toHaveLength(4);
    expect(errors.filter((e) => e === 'auth.too_many_attempts')).toHaveLength(8);
    console.log(
      'multi-process limits: sign-in 10 of 20, pairing codes 20 of 40, SMS 10 of 20, code tries 10 of 20, wrong passwords: 4 told wrong then locked for the other 8',
    );
  }, 120_000);

  it('pays each withdrawal once with the payout job running in both processes', async () => {
    const more = await seedUsers(database.db, 20, 'multi-payee');
    for (const [i, user] of more.entries()) {
      await credit(database.db, user.id, BigInt(10 + i) * 10_000_000n, `seed-${user.id}`);
      await setTestAddress(database.db, user.id, 51_000 + i);
    }
    const asked = await Promise.all(
      more.map((user) => call(API.setWithdrawStatus, { token: user.token, key: `w-${user.id}`, body: {} })),
    );
    expect(asked.map((a) => a.body.code)).toEqual(Array(more.length).fill(1));

    const all = () => database.db.select().from(withdrawals);
    const deadline = performance.now() + 90_000;
    while ((await all()).some((row) => row.status !== 'success') && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rows = await all();
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'success'));
    const paid = [...rippled.applied.values()].filter((entry) => entry.result === 'tesSUCCESS');
    expect(paid).toHaveLength(rows.length);
    expect(new Set(paid.map((entry) => entry.tx['DestinationTag'])).size).toBe(rows.length);
    expect(new Set(paid.map((entry) => entry.tx['Sequence'])).size).toBe(rows.length);
    const refunds = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'));
    expect(refunds).toEqual([]);
    // Both processes ran the job.
    for (const server of servers) {
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
        payouts: { running: boolean; last_pass_time: number | null };
      };
      expect(ready.payouts.running).toBe(true);
      expect(ready.payouts.last_pass_time).not.toBeNull();
    }
    console.log(`multi-process payouts: ${rows.length} withdrawals, ${paid.length} payments, 0 refunds`);
  }, 180_000);

  it('sends the daily push once per user and day though both processes look every half second', async () => {
    const subscribers = await seedUsers(database.db, 12, 'multi-push');
    for (const [i, user] of subscribers.entries()) {
      await call(API.saveFcmToken, {
        token: user.token,
        body: { fcmtoken: JSON.stringify(pushService.subscription(`multi-${i}`)) },
      });
      await call(API.pushSettings, { token: user.token, body: { topic: 'tasks', enabled: true } });
    }
    const resets = (i: number) =>
      pushService.deliveries
        .filter((delivery) => delivery.id === `multi-${i}`)
        .filter(
          (delivery) =>
            (JSON.parse(delivery.payload) as { data: { kind: string } }).data.kind === 'tasks_reset',
        );
    const deadline = performance.now() + 30_000;
    while (subscribers.some((_, i) => resets(i).length === 0) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Several more passes of both processes.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(subscribers.map((_, i) => resets(i).length)).toEqual(subscribers.map(() => 1));
    const claimed = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pushSent)
      .where(
        and(
          inArray(
            pushSent.userId,
            subscribers.map((user) => user.id),
          ),
          eq(pushSent.kind, 'tasks_reset'),
        ),
      );
    expect(claimed[0]?.n).toBe(subscribers.length);
    console.log(
      `multi-process pushes: ${subscribers.length} subscribers, ${subscribers.length} daily pushes, 0 doubled`,
    );
  }, 120_000);

  it("counts in each process's /metrics exactly the requests the proxy gave it", async () => {
    const expected = proxy.forwarded.map((counts) =>
      [...counts.entries()].filter(([path]) => path.startsWith('/api/')).reduce((sum, [, n]) => sum + n, 0),
    );
    // A request's count is taken just after its answer leaves: wait for the last ones to land.
    let seen: number[];
    const deadline = performance.now() + 10_000;
    do {
      const now = await Promise.all(servers.map(scrape));
      seen = now.map((text, i) => apiRequests(text) - apiRequests(baseline[i] ?? ''));
      if (seen.every((n, i) => n === expected[i])) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (performance.now() < deadline);
    expect(seen).toEqual(expected);
    // The two processes shared the work (round robin).
    expect(Math.abs((expected[0] ?? 0) - (expected[1] ?? 0))).toBeLessThanOrEqual(1);
    // Per route too: the gift claims each process answered.
    const last = await Promise.all(servers.map(scrape));
    for (const [i, text] of last.entries()) {
      const gifts = sample(text, 'earnest_http_requests_total', { route: API.newUserReward }) ?? 0;
      expect(gifts).toBe(proxy.forwarded[i]?.get(API.newUserReward) ?? 0);
      expect(sample(text, 'earnest_ledger_entries', { kind: 'gift' })).toBe(RACERS);
    }
    const withdrawn = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'success'));
    expect(sample(last[0] ?? '', 'earnest_withdrawals', { state: 'success' })).toBe(withdrawn[0]?.n);
    console.log(
      `multi-process metrics: the proxy sent ${expected.join(' + ')} API requests; the processes' /metrics counted ${seen.join(' + ')}`,
    );
  }, 60_000);
});
