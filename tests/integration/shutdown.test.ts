import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '#tests/helpers/server-process.ts';

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
