import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1: accepts encrypted messages at /push/<id> (201), answers 410 Gone
 * for subscriptions marked gone, and records what arrived with its VAPID authorization.
 */
export interface FakePushService {
  /** A subscription as a browser would hand the app (a real P-256 key and auth secret). */
  subscription(id: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  gone: Set<string>;
  deliveries: { id: string; authorization: string | undefined; bytes: number }[];
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const gone = new Set<string>();
  const deliveries: FakePushService['deliveries'] = [];
  const server = http.createServer((req, res) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      if (gone.has(id)) {
        res.writeHead(410).end();
        return;
      }
      deliveries.push({ id, authorization: req.headers.authorization, bytes });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscription(id) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${base}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      };
    },
    gone,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
