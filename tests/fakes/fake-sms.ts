import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An SMS provider on 127.0.0.1 with the HTTP API Earnest's adapter speaks: POST {to, text}. */
export interface FakeSms {
  url: string;
  messages: { to: string; text: string; authorization: string | undefined }[];
  /** The provider refuses the next `count` messages (HTTP 503), as a provider that is down does. */
  failNext(count: number): void;
  /** The 6-digit code in the last message to `to`. */
  lastCode(to: string): string | null;
  close(): Promise<void>;
}

export async function startFakeSms(): Promise<FakeSms> {
  const messages: FakeSms['messages'] = [];
  let failing = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (failing > 0) {
        failing -= 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
        return;
      }
      const { to, text } = JSON.parse(body) as { to: string; text: string };
      messages.push({ to, text, authorization: req.headers.authorization });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    messages,
    failNext(count) {
      failing = count;
    },
    lastCode(to) {
      const last = messages.filter((m) => m.to === to).at(-1);
      return last ? (/#(\d{6})$/.exec(last.text)?.[1] ?? null) : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
