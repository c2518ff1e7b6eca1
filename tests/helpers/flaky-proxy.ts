import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy on 127.0.0.1 that the browser talks to instead of the server, so a test can cut
 * the network in ways a phone meets and the service worker feels:
 * - `pass`: everything goes through;
 * - `down`: every connection is dropped (no server at all);
 * - `api-down`: the app's files come through, `/api` calls are dropped (the API is unreachable);
 * - `drop-api-replies`: `/api` POSTs reach the server, which commits, but the reply is lost.
 */
export type ProxyMode = 'pass' | 'down' | 'api-down' | 'drop-api-replies';

export interface FlakyProxy {
  url: string;
  setMode(mode: ProxyMode): void;
  /** POSTs whose reply was dropped after the server answered them, by path. */
  droppedReplies: string[];
  close(): Promise<void>;
}

export async function startFlakyProxy(target: string, port = 0): Promise<FlakyProxy> {
  const upstream = new URL(target);
  let mode: ProxyMode = 'pass';
  const droppedReplies: string[] = [];

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const isApi = path.startsWith('/api/');
    if (mode === 'down' || (mode === 'api-down' && isApi)) {
      req.socket.destroy();
      return;
    }
    const dropReply = mode === 'drop-api-replies' && isApi && req.method === 'POST';
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        if (dropReply) {
          // Let the server finish, then lose its answer on the way back.
          answer.resume();
          answer.on('end', () => {
            droppedReplies.push(path);
            req.socket.destroy();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  });
  // Dropped connections must not linger between modes.
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    setMode: (next) => {
      mode = next;
      server.closeIdleConnections();
    },
    droppedReplies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
