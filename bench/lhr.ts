// `npx node bench/lhr.ts <url> [out.json]`: one Lighthouse run with the bench's settings (mobile,
// simulated throttling, Debian's Chromium, fresh profile) that prints what delays the first paint —
// the network requests in order, render-blocking resources and the LCP breakdown — and keeps the lhr.
// Used to find what the prerendered pages waited on (docs/performance.md). With LHR_SIGNED_IN=1 it
// first registers a new user on the url's server and puts the session on the device, as
// `npm run bench` does for `/home`.
import { writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM } from '../playwright.config.ts';
import { auditPerformance } from './audit.ts';
import { registerUser, storeSession } from './session.ts';

const [url, out] = process.argv.slice(2);
if (!url) throw new Error('usage: npx node bench/lhr.ts <url> [out.json]');

interface NetworkRequest {
  url: string;
  resourceType?: string;
  priority?: string;
  networkRequestTime?: number;
  networkEndTime?: number;
  transferSize?: number;
}

/** A new user's session on this page's device, registered on the url's server. */
async function signIn(page: Page, origin: string) {
  const { token, username } = await registerUser(origin, 'lhr');
  await storeSession(page, `${origin}/api/other/serverTime`, token, username);
}

const chrome = await launch({ chromePath: CHROMIUM.executablePath, chromeFlags: CHROMIUM.args });
try {
  const signedIn = process.env['LHR_SIGNED_IN'] === '1';
  const browser = signedIn
    ? await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    : null;
  const page = browser ? await browser.newPage() : undefined;
  if (page) await signIn(page, new URL(url).origin);
  const run = await auditPerformance(url, chrome.port, page, {
    // LHR_THROTTLING=devtools slows the real network and CPU instead of simulating them: what a
    // phone would see of a change in the order of requests, which the simulation may not count.
    throttlingMethod: process.env['LHR_THROTTLING'] === 'devtools' ? 'devtools' : 'simulate',
  });
  await browser?.disconnect();
  if (out) writeFileSync(out, JSON.stringify(run.lhr));
  const audits = run.lhr.audits;
  const value = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  console.log(
    `score ${Math.round((run.lhr.categories['performance']?.score ?? 0) * 100)}  FCP ${value('first-contentful-paint')} ms  LCP ${value('largest-contentful-paint')} ms  TBT ${value('total-blocking-time')} ms  CLS ${audits['cumulative-layout-shift']?.numericValue ?? NaN}`,
  );
  for (const id of ['render-blocking-insight', 'lcp-breakdown-insight']) {
    const details = audits[id]?.details;
    const items = details && 'items' in details ? details.items : [];
    console.log(`${id}: ${JSON.stringify(items).slice(0, 600)}`);
  }
  const requests = audits['network-requests']?.details;
  const origin = new URL(url).origin;
  for (const r of (requests && 'items' in requests ? requests.items : []) as NetworkRequest[]) {
    console.log(
      `${String(Math.round(r.networkRequestTime ?? NaN)).padStart(5)}–${String(Math.round(r.networkEndTime ?? NaN)).padEnd(5)} ms  ${(r.priority ?? '').padEnd(8)} ${String(r.transferSize ?? '').padStart(7)} B  ${r.url.replace(origin, '')}`,
    );
  }
} finally {
  chrome.kill();
}
