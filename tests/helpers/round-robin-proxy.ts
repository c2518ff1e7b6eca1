import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny load balancer on 127.0.0.1: each request goes to the next server in turn (round robin, per
 * request, not per connection), with the client's address appended to X-Forwarded-For as a real
 * reverse proxy does (the servers run with TRUST_PROXY=1). It counts what it sent to each server,
 * by path, so a test can hold the servers' own metrics against it.
 */
export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded to each upstream (by index), by path without the query. */
  forwarded: Map<string, number>[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((url) => new URL(url));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const forwarded = targets.map(() => new Map<string, number>());
  let next = 0;

  const server = http.createServer((req, res) => {
    const index = next++ % targets.length;
    const target = targets[index] as URL;
    const path = req.url ?? '/';
    const counts = forwarded[index] as Map<string, number>;
    const bare = path.split('?')[0] ?? path;
    counts.set(bare, (counts.get(bare) ?? 0) + 1);
    const client = req.socket.remoteAddress ?? '';
    const before = req.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path,
        agent,
        headers: {
          ...req.headers,
          host: target.host,
          'x-forwarded-for': before ? `${String(before)}, ${client}` : client,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
