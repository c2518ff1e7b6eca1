import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1, speaking the real protocol: accepts messages at /push/<id> (201),
 * answers 410 Gone for subscriptions marked gone, and records what arrived with its VAPID
 * authorization. Like a real one under load (RFC 8030 §8.4), it can be told to answer "not now" —
 * 429 Too Many Requests or a 5xx, with or without Retry-After — before it accepts again. It holds each subscription's private key (as the browser would), so it decrypts
 * the aes128gcm payload (RFC 8291 / RFC 8188) and tests can hand the plain text to the browser's
 * service worker with CDP, just as a push service delivers it.
 */
export interface Delivery {
  id: string;
  authorization: string | undefined;
  bytes: number;
  /** The decrypted payload (JSON as sent by the server). */
  payload: string;
}

/** A scripted "not now": the status, and the Retry-After header if any (seconds or an HTTP date). */
export interface BusyAnswer {
  status: 429 | 500 | 502 | 503 | 504;
  retryAfter?: string;
}

export interface FakePushService {
  origin: string;
  /** The next requests for `id` get these answers, in order; later ones are accepted again. */
  busy(id: string, ...answers: BusyAnswer[]): void;
  /** Requests for `id` are answered with a redirect to `location` (302), as a hostile service could. */
  redirect(id: string, location: string): void;
  /** Every request that arrived, accepted or not, with its time (ms, performance.now()) and answer. */
  attempts: { id: string; at: number; status: number }[];
  /** The most requests that were being handled at once. */
  peakConcurrent: number;
  /** How long the service takes to answer each request (ms; 0 by default). */
  setLatency(ms: number): void;
  /** A subscription as a browser would hand the app (a real P-256 key and auth secret); one per id. */
  subscription(id: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  gone: Set<string>;
  deliveries: Delivery[];
  close(): Promise<void>;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 §3.4 then RFC 8188: the receiving browser's side of Web Push encryption. */
export function decryptWebPush(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const gone = new Set<string>();
  const deliveries: Delivery[] = [];
  const receivers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const scripts = new Map<string, BusyAnswer[]>();
  const redirects = new Map<string, string>();
  const attempts: FakePushService['attempts'] = [];
  let latency = 0;
  let concurrent = 0;
  let peakConcurrent = 0;
  const server = http.createServer((req, res) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const chunks: Buffer[] = [];
    concurrent += 1;
    peakConcurrent = Math.max(peakConcurrent, concurrent);
    const at = performance.now();
    res.on('close', () => (concurrent -= 1));
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => setTimeout(answer, latency));
    const answer = () => {
      const receiver = receivers.get(id);
      const record = (status: number) => attempts.push({ id, at, status });
      if (!receiver) {
        record(404);
        res.writeHead(404).end();
        return;
      }
      if (gone.has(id)) {
        record(410);
        res.writeHead(410).end();
        return;
      }
      const location = redirects.get(id);
      if (location) {
        record(302);
        res.writeHead(302, { location }).end();
        return;
      }
      const busy = scripts.get(id)?.shift();
      if (busy) {
        record(busy.status);
        res.writeHead(busy.status, busy.retryAfter ? { 'retry-after': busy.retryAfter } : {}).end();
        return;
      }
      const body = Buffer.concat(chunks);
      let payload: string;
      try {
        payload = decryptWebPush(body, receiver.ecdh, receiver.auth);
      } catch {
        record(400);
        res.writeHead(400).end();
        return;
      }
      deliveries.push({ id, authorization: req.headers.authorization, bytes: body.length, payload });
      record(201);
      res.writeHead(201).end();
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    busy(id, ...answers) {
      scripts.set(id, [...(scripts.get(id) ?? []), ...answers]);
    },
    redirect(id, location) {
      redirects.set(id, location);
    },
    attempts,
    get peakConcurrent() {
      return peakConcurrent;
    },
    setLatency(ms) {
      latency = ms;
    },
    subscription(id) {
      let receiver = receivers.get(id);
      if (!receiver) {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        receiver = { ecdh, auth: randomBytes(16) };
        receivers.set(id, receiver);
      }
      return {
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: receiver.ecdh.getPublicKey().toString('base64url'),
          auth: receiver.auth.toString('base64url'),
        },
      };
    },
    gone,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
