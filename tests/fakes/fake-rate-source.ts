import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A rate source on 127.0.0.1 that answers GET with the JSON documented in docs/exchange-rate.md, and
 * can be as unkind as a real one behind a proxy: slow, down (HTTP 5xx), quoting an old time, or
 * answering something that is not the document.
 */
export interface FakeRateSource {
  url: string;
  /** How many requests it received. */
  readonly requests: number;
  /** Answers this document from now on (the usual state). */
  serve(document: RateDocumentLike): void;
  /** Answers this HTTP status with an error body. */
  fail(status?: number): void;
  /** Answers this raw body with status 200 (not JSON, the wrong shape, a bad price…). */
  serveRaw(body: string, contentType?: string): void;
  /** Waits this long before answering (0: at once). */
  delay(ms: number): void;
  close(): Promise<void>;
}

export interface RateDocumentLike {
  source: string;
  time: number;
  prices: Record<string, string | number>;
}

/** A document quoted `ageSeconds` before `now` (the time of the server that reads it). */
export function quote(
  ageSeconds = 0,
  prices: Record<string, string | number> = {},
  now: Date = new Date(),
): RateDocumentLike {
  return {
    source: 'Test Prices',
    time: Math.floor(now.getTime() / 1000) - ageSeconds,
    prices: { USD: '2.1345', EUR: '1.9621', CNY: '15.4812', EGP: '105.37', ...prices },
  };
}

export async function startFakeRateSource(): Promise<FakeRateSource> {
  let answer: { status: number; body: string; type: string } = {
    status: 200,
    body: JSON.stringify(quote()),
    type: 'application/json',
  };
  let delayMs = 0;
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    requests += 1;
    const { status, body, type } = answer;
    const send = () => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': type }).end(body);
    };
    if (delayMs === 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, delayMs);
    timers.add(timer);
    req.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xrp`,
    get requests() {
      return requests;
    },
    serve(document) {
      answer = { status: 200, body: JSON.stringify(document), type: 'application/json' };
    },
    fail(status = 503) {
      answer = { status, body: '{"error":"upstream unavailable"}', type: 'application/json' };
    },
    serveRaw(body, type = 'application/json') {
      answer = { status: 200, body, type };
    },
    delay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
