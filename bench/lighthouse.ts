// `npm run lighthouse`: Lighthouse's mobile audit (Debian's Chromium, no network beyond 127.0.0.1)
// of the entry page `/` and of `/home` signed in, against the built app on the embedded database.
// It reports the scores it measured; it sets no target of its own.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { registerUser, storeSession } from './session.ts';

const PORT = 8197;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: 'memory://', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${BASE}/api/other/serverTime`)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('the server did not start');
}

const chrome = await launch({
  chromePath: CHROME,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
  ],
});
try {
  await waitForServer();
  const { token, username } = await registerUser(BASE, 'lighthouse');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const results: Record<string, Record<string, number>> = {};

  for (const path of ['/', '/home']) {
    if (path === '/home') {
      // Signed in: the session is on the device, as after a sign-in.
      await storeSession(page, `${BASE}/landing`, token, username);
    }
    const run = await lighthouse(
      `${BASE}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!run) throw new Error(`no Lighthouse result for ${path}`);
    results[path] = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const missed = CATEGORIES.flatMap((c) =>
      (run.lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (run.lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    console.log(
      `${path.padEnd(6)} ${CATEGORIES.map((c) => `${c} ${results[path]?.[c]}`).join(' · ')} (final URL ${run.lhr.finalDisplayedUrl})`,
    );
    console.log(`       audits not passed: ${missed.join(', ') || 'none'}`);
    if (process.env['LIGHTHOUSE_DETAILS'])
      console.log(JSON.stringify(run.lhr.audits['inspector-issues']?.details));
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/lighthouse.json', JSON.stringify(results, null, 2));
  await browser.disconnect();
} finally {
  chrome.kill();
  server.kill('SIGTERM');
}
