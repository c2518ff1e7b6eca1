import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '#contract/paths.ts';
import { describeOnPostgres, type TestDatabase } from '#tests/helpers/databases.ts';
import { startServerProcess, type ServerProcess } from '#tests/helpers/server-process.ts';
import { startTcpProxy, type TcpProxy } from '#tests/helpers/tcp-proxy.ts';

// /readyz while PostgreSQL goes away and comes back, for one server process only: the process reaches
// the database through a TCP proxy the test cuts and restores (the machine's PostgreSQL server, which
// others use, keeps running).

await describeOnPostgres('readiness when the database goes away', (backend) => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await backend.create();
    const url = new URL(database.url ?? '');
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    server = await startServerProcess({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    const stopped = await server?.stop('SIGTERM');
    await proxy?.close();
    await database?.dispose();
    expect(stopped?.code).toBe(0);
  });

  /** Polls /readyz until it answers `status`; how long that took (ms). */
  async function readyzBecomes(status: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const answer = await fetch(`${server.url}/readyz`);
      if (answer.status === status) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error(`/readyz stayed ${answer.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('fails /readyz while PostgreSQL is unreachable, stays live, and recovers when it is back', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    proxy.cut();
    const failedAfter = await readyzBecomes(503);
    const down = (await (await fetch(`${server.url}/readyz`)).json()) as { ready: boolean; database: string };
    expect(down).toMatchObject({ ready: false, database: 'unreachable' });
    // The process is up: a load balancer takes it out of rotation, a supervisor leaves it running.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // What needs the database says so in the catalogue's words, without taking the process down.
    const refused = await fetch(`${server.url}${API.customSettings}`);
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { data: { error: string } }).data.error).toBe('server.error');

    proxy.restore();
    const recoveredAfter = await readyzBecomes(200);
    const registered = await fetch(`${server.url}${API.checkIn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tab: 'register',
        username: 'back-again',
        password: 'secret12',
        confirm_password: 'secret12',
      }),
    });
    expect(((await registered.json()) as { code: number }).code).toBe(1);
    console.log(
      `readiness: /readyz 503 ${Math.round(failedAfter)} ms after PostgreSQL was cut off, 200 again ${Math.round(recoveredAfter)} ms after it came back; /healthz 200 throughout`,
    );
  }, 120_000);
});
