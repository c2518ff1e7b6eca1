import { connect } from 'node:net';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { xrp } from '#domain/money/amount.ts';
import { withdrawals } from '#server/db/schema.ts';
import { describeOnPostgres } from '#tests/helpers/databases.ts';
import { seedWithdrawals } from '#tests/helpers/money-fixtures.ts';
import { usePayoutTestbed } from '#tests/helpers/payout-testbed.ts';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { runPayoutProcess, startServerProcess } from '#tests/helpers/server-process.ts';

/** Sends raw bytes on one connection and resolves with what came back before the server closed it. */
function raw(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

describe('shutting down', () => {
  it('exits 0 at once after requests whose body disagrees with their Content-Length', async () => {
    const server = await startServerProcess({ SHUTDOWN_GRACE_SECONDS: '10' });
    const body = JSON.stringify({ tab: 'login', username: 'someone', password: 'secret12' });
    // A Content-Length shorter than the body, then one longer than what is sent.
    const short = await raw(
      server.url,
      `POST /api/user/checkIn HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n${body}`,
    );
    expect(short).toMatch(/^HTTP\/1\.1 4\d\d/);
    await raw(
      server.url,
      `POST /api/user/checkIn HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\nConnection: close\r\n\r\n${body}`,
    );
    const healthy = await fetch(`${server.url}/api/other/serverTime`);
    expect(healthy.status).toBe(200);
    const { code, ms } = await server.stop('SIGTERM');
    expect(code).toBe(0);
    // Well inside the 10-second grace: nothing was left counted as in flight.
    expect(ms).toBeLessThan(5_000);
  });
});

describe('SIGTERM with a request in flight', () => {
  it('stops taking connections, lets the request finish against the database, then exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_GRACE_SECONDS: '10' });
    const registered = (await (
      await fetch(`${server.url}${API.checkIn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tab: 'register',
          username: 'leaving',
          password: 'secret12',
          confirm_password: 'secret12',
        }),
      })
    ).json()) as { data: { userInfo: { token: string } } };
    const token = registered.data.userInfo.token;

    // The gift claim's headers arrive; its body is still on the way when the signal comes.
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${API.newUserReward} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `${TOKEN_HEADER}: ${token}\r\n${IDEMPOTENCY_HEADER}: leaving-gift\r\nContent-Length: 2\r\n\r\n`,
    );
    await until(() =>
      server.lines.some((line) => line.includes('incoming request') && line.includes(API.newUserReward)),
    );
    const exited = server.stop('SIGTERM');
    await until(() => server.lines.some((line) => line.includes('shutting down')));
    // No new connection is taken while it drains.
    await expect(fetch(`${server.url}${API.serverTime}`)).rejects.toThrow();

    socket.end('{}');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"code":1');
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(server.lines.join('\n')).not.toContain('request failed');
  });
});

/** Resolves once `condition` holds (checked every 20 ms), or fails after 10 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The payout job in a web process: SIGTERM while it pays lets the withdrawal in hand finish its step
// (signed and stored before it is sent, never half-done) and starts no other; what is left is paid,
// once each, by the next process.
await describeOnPostgres('SIGTERM while the payout job pays', (backend) => {
  const testbed = usePayoutTestbed({ backend, closeMs: 20 });

  it('finishes the step in progress, exits 0, and the next process pays the rest once each', async () => {
    const { app, database, rippled } = testbed;
    const COUNT = 20;
    const seeded = await seedWithdrawals(app, database.db, COUNT, {
      prefix: 'stopping',
      firstTag: 70_000,
      amount: xrp(100),
    });
    const seed = Wallet.generate().seed ?? '';
    const server = await startServerProcess({
      DATABASE_URL: database.url ?? '',
      PAYOUTS: 'on',
      XRPL_URL: rippled.url,
      XRPL_SEED: seed,
      WAITING_DAYS: '0',
      PAYOUT_INTERVAL_SECONDS: '0.2',
      PAYOUT_RESUBMIT_SECONDS: '0.2',
      SHUTDOWN_GRACE_SECONDS: '10',
    });
    let stopping: Promise<{ code: number | null; ms: number }> | null = null;
    rippled.onSubmit = () => {
      stopping ??= server.stop('SIGTERM');
    };
    await until(() => stopping !== null);
    const { code, ms } = await (stopping as unknown as Promise<{ code: number | null; ms: number }>);
    rippled.onSubmit = null;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    // It stopped after the withdrawal in hand, not after the whole batch.
    const sentBeforeStop = rippled.submitted.size;
    expect(sentBeforeStop).toBeGreaterThanOrEqual(1);
    expect(sentBeforeStop).toBeLessThan(COUNT);
    const ids = seeded.map((user) => user.withdrawalId);
    const rows = await database.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    // Whatever was sent was stored, signed, before it left.
    const storedHashes = new Set(rows.map((row) => row.txHash).filter(Boolean));
    for (const hash of rippled.submitted.keys()) expect(storedHashes.has(hash)).toBe(true);

    await runPayoutProcess({ databaseUrl: database.url ?? '', rippledUrl: rippled.url, seed, passes: 40 });
    const after = await database.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    expect(after.map((row) => row.status)).toEqual(Array(COUNT).fill('success'));
    const paid = [...rippled.applied.values()].filter(
      (entry) => Number(entry.tx['DestinationTag']) >= 70_000 && entry.result === 'tesSUCCESS',
    );
    expect(paid).toHaveLength(COUNT);
    expect(new Set(paid.map((entry) => entry.tx['DestinationTag'])).size).toBe(COUNT);
    console.log(
      `payout shutdown: ${sentBeforeStop} of ${COUNT} sent before SIGTERM took effect, exit ${code} in ${Math.round(ms)} ms; ${paid.length} paid once each after`,
    );
  }, 180_000);
});
