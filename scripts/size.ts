// `npm run size`: the brotli size of the JavaScript the first screen loads — the entry module, its
// static imports (modulepreload) and the chunks the entry page pulls in: the route, the
// language's first-screen catalog and the code-split pieces it needs. Measured from a fresh build in a browser.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';

const BUDGET_KB = 130;
// SIZE_PORT lets `npm run bench` (bench/run.ts) use its own port while another build is measured.
const PORT = Number(process.env['SIZE_PORT'] ?? 8183);

// `--built` measures the build already in dist/ (`npm test` builds once for all its steps).
if (!process.argv.includes('--built')) {
  const vite = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'];
  if (spawnSync(process.execPath, vite, { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const child = spawn(process.execPath, ['src/server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: 'memory://', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  stdio: 'ignore',
});
try {
  // Up to a minute: on a busy shared machine the server can take a while to start.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/other/serverTime`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const browser = await chromium.launch(CHROMIUM);
  const page = await browser.newPage({ locale: 'en-US', serviceWorkers: 'block' });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
  await browser.close();

  let raw = 0;
  let brotli = 0;
  const rows: string[] = [];
  for (const path of [...scripts].sort()) {
    const bytes = readFileSync(`dist${path}`);
    const compressed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    raw += bytes.length;
    brotli += compressed;
    rows.push(`  ${(compressed / 1024).toFixed(1).padStart(7)} KB  ${path}`);
  }
  console.log(rows.join('\n'));
  console.log(
    `First screen JavaScript: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(brotli / 1024).toFixed(1)} KB brotli (budget ${BUDGET_KB} KB)`,
  );
  if (brotli / 1024 > BUDGET_KB) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
}
