import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Cloudflare Turnstile on 127.0.0.1: `/siteverify` (form POST secret, response, remoteip → {success})
 * passes the token "pass" with the right secret; `/api.js` is a widget script that renders a box
 * and hands the page the token "pass" at once (for browser tests).
 */
export interface FakeTurnstile {
  verifyUrl: string;
  scriptUrl: string;
  verifications: { secret: string; response: string; remoteip: string }[];
  close(): Promise<void>;
}

const WIDGET = `window.turnstile = {
  render(element, options) {
    const box = document.createElement('div');
    box.textContent = 'Fake challenge';
    box.setAttribute('data-testid', 'fake-turnstile');
    element.appendChild(box);
    setTimeout(() => options.callback('pass'), 50);
    return 'widget-1';
  },
  reset() {},
  remove() {},
};`;

export async function startFakeTurnstile(secret = 'test-secret'): Promise<FakeTurnstile> {
  const verifications: FakeTurnstile['verifications'] = [];
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET);
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const entry = {
        secret: form.get('secret') ?? '',
        response: form.get('response') ?? '',
        remoteip: form.get('remoteip') ?? '',
      };
      verifications.push(entry);
      const success = entry.secret === secret && entry.response === 'pass';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    verifyUrl: `${base}/siteverify`,
    scriptUrl: `${base}/api.js`,
    verifications,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
