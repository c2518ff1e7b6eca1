// `npm run bench`: every benchmark in one run, printed as one table (Markdown, for docs/performance.md).
//   1. first-screen JavaScript (scripts/size.ts, which also builds the app);
//   2. the hello page (bench/hello: Earnest's client stack rendering one sentence) built and served;
//   3. Lighthouse (mobile, its default simulated throttling, Debian's Chromium) on the hello page,
//      `/` and `/landing` (in English, Arabic and Chinese: their largest elements differ), `/home`
//      signed in (before and after accepting the day: Home then lists the day's tasks), each in a fresh
//      browser profile, median of BENCH_RUNS (3); then `/home` again in the same profile: the warm
//      start (service worker, repeat visit);
//   4. bench/ledger.ts: the task-completion endpoint against the driver, PostgreSQL and PGlite, once
//      the cores are idle again after the browser runs (at most a minute's wait; the table says).
// The machine's load average is printed with the table: on a shared machine only the ratios measured
// in one run mean anything.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM } from '../playwright.config.ts';
import { auditPerformance } from './audit.ts';
import type { LedgerFigures } from './ledger.ts';
import { acceptDay, registerUser, storeLocale, storeSession } from './session.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const APP_PORT = Number(process.env['BENCH_APP_PORT'] ?? 8195);
const HELLO_PORT = APP_PORT + 1;
const SIZE_PORT = APP_PORT + 2;
const APP = `http://127.0.0.1:${APP_PORT}`;
const HELLO = `http://127.0.0.1:${HELLO_PORT}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();

/**
 * Runs a node script to its end, echoing its output, and returns what it printed; a failure is an
 * error unless `failureIsAnAnswer` (the size script exits 1 over its budget, its figure still printed).
 */
function runNode(
  args: string[],
  env: Record<string, string> = {},
  failureIsAnAnswer = false,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 || failureIsAnAnswer
        ? resolve(out)
        : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

console.log(`load average at start: ${loadAtStart}`);
// 1. Size (and the app's build).
const sizeOut = await runNode(['scripts/size.ts'], { SIZE_PORT: String(SIZE_PORT) }, true);
const firstScreenKb = Number(/([\d.]+) KB brotli/.exec(sizeOut)?.[1] ?? NaN);

// 2. The hello page.
await runNode(['node_modules/vite/bin/vite.js', 'build', '--config', 'bench/hello/vite.config.ts']);

const servers: ChildProcess[] = [
  spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
  spawn(process.execPath, ['bench/hello/server.ts'], {
    env: { ...process.env, PORT: String(HELLO_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
];

interface Sample {
  score: number;
  lcp: number;
  cls: number;
  fcp: number;
  /** What the largest paint was (Lighthouse's snippet of the element), to see what the page waits for. */
  lcpElement?: string;
  /** Why Lighthouse reported no figures for this run (its runtime error), if it did not. */
  failed?: string;
}
const samples: Record<string, Sample[]> = {};

/**
 * The first element in an audit's details (their shape varies between audits): its snippet, its
 * selector and the start of its text, since a bare `<p>` does not say which paragraph it was.
 */
function snippetIn(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const { snippet, selector, nodeLabel } = details as {
    snippet?: unknown;
    selector?: unknown;
    nodeLabel?: unknown;
  };
  if (typeof snippet === 'string') {
    const label = typeof nodeLabel === 'string' ? ` "${nodeLabel.slice(0, 60)}"` : '';
    return `${snippet} ${typeof selector === 'string' ? selector : ''}${label}`;
  }
  for (const value of Object.values(details)) {
    const found = snippetIn(value);
    if (found) return found;
  }
  return undefined;
}
const chrome = await launch({ chromePath: CHROMIUM.executablePath, chromeFlags: CHROMIUM.args });
try {
  await Promise.all([waitFor(`${APP}/api/other/serverTime`), waitFor(`${HELLO}/api/time`)]);
  const newUser = await registerUser(APP, 'bench');
  const dayUser = await registerUser(APP, 'benchday');
  await acceptDay(APP, dayUser.token);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  const audit = async (label: string, page: Page, url: string) => {
    const run = await auditPerformance(url, chrome.port, page);
    const lcp = run.lhr.audits['largest-contentful-paint']?.numericValue;
    const sample: Sample = {
      score: Math.round((run.lhr.categories['performance']?.score ?? 0) * 100),
      lcp: (lcp ?? NaN) / 1000,
      cls: run.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      fcp: (run.lhr.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000,
      lcpElement:
        snippetIn(run.lhr.audits['lcp-breakdown-insight']?.details) ??
        snippetIn(run.lhr.audits['lcp-discovery-insight']?.details),
      failed: run.lhr.runtimeError?.code ?? (lcp === undefined ? 'no LCP reported' : undefined),
    };
    (samples[label] ??= []).push(sample);
    console.log(
      `${label.padEnd(16)} ${sample.failed ? `failed: ${sample.failed}` : (sample.lcpElement ?? '')}`,
    );
    console.log(
      `${label.padEnd(16)} score ${sample.score}  LCP ${sample.lcp.toFixed(2)} s  CLS ${sample.cls.toFixed(3)}  FCP ${sample.fcp.toFixed(2)} s`,
    );
  };

  for (let i = 0; i < RUNS; i++) {
    for (const [label, url, signedIn, locale] of [
      ['hello', `${HELLO}/`, null, null],
      ['/', `${APP}/`, null, null],
      ['/ in ar', `${APP}/`, null, 'ar'],
      ['/ in zh-CN', `${APP}/`, null, 'zh-CN'],
      ['/landing', `${APP}/landing`, null, null],
      ['/landing in ar', `${APP}/landing`, null, 'ar'],
      ['/landing in zh-CN', `${APP}/landing`, null, 'zh-CN'],
      ['/home', `${APP}/home`, newUser, null],
      ['/home, day accepted', `${APP}/home`, dayUser, null],
    ] as const) {
      // A fresh profile per run: no cache, no storage, no service worker.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // English, the browser's language, unless a language was chosen on the device.
      if (locale) await storeLocale(page, `${APP}/api/other/serverTime`, locale);
      if (signedIn) {
        // Signed in: the session is on the device, as after a sign-in (set on a page that is not the app).
        await storeSession(page, `${APP}/api/other/serverTime`, signedIn.token, signedIn.username);
      }
      await audit(label, page, url);
      if (label === '/home') {
        // The repeat visit: the service worker has installed and precached the app.
        await page.goto(url);
        // (A page script: the DOM's types are not this file's.)
        await page.evaluate(() =>
          (navigator as unknown as { serviceWorker: { ready: Promise<unknown> } }).serviceWorker.ready.then(
            () => undefined,
          ),
        );
        await audit('/home warm', page, url);
      }
      await context.close();
    }
  }
  await browser.disconnect();
} finally {
  chrome.kill();
  for (const server of servers) server.kill('SIGTERM');
}

/** The share of the machine's CPU time that was idle over the next second (from /proc/stat). */
async function idleShare(): Promise<number> {
  const sample = () => {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait …: idle and iowait are the idle time.
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  };
  const before = sample();
  await new Promise((r) => setTimeout(r, 1000));
  const after = sample();
  return (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * Waits (at most a minute) until the cores are idle again after the browser runs: the API's ratio is
 * the endpoint's throughput against the driver's, on a machine that runs nothing else.
 */
async function settle(): Promise<string> {
  const started = Date.now();
  let idle = await idleShare();
  while (idle < 0.9 && Date.now() - started < 60_000) idle = await idleShare();
  return `${Math.round(idle * 100)} % idle after ${Math.round((Date.now() - started) / 1000)} s`;
}

// 4. The API (BENCH_LEDGER=0 leaves it out, for a quick look at the pages only).
const settled = process.env['BENCH_LEDGER'] === '0' ? null : await settle();
if (settled) console.log(`before the API: ${settled}`);
const ledger =
  process.env['BENCH_LEDGER'] === '0'
    ? null
    : (JSON.parse(
        /BENCH_JSON (.*)/.exec(await runNode(['bench/ledger.ts'], { BENCH_JSON: '1' }))?.[1] ?? 'null',
      ) as { postgres: LedgerFigures; pglite: LedgerFigures } | null);
if (ledger === null && process.env['BENCH_LEDGER'] !== '0')
  throw new Error('bench/ledger.ts printed no figures');

function ledgerRows(figures: { postgres: LedgerFigures; pglite: LedgerFigures }) {
  return [
    '| task completion, 20 in flight | endpoint /s | driver /s | throughput ratio | endpoint p99 | driver p99 | p99 ratio | bare Fastify route /s | endpoint ÷ bare route | endpoint ÷ 13-statement driver |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...(['postgres', 'pglite'] as const).map((kind) => {
      const { endpoint, driver, bareRoute, driverThirteen } = figures[kind];
      return `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${endpoint.throughput.toFixed(0)} | ${driver.throughput.toFixed(0)} | ${(endpoint.throughput / driver.throughput).toFixed(2)}× | ${endpoint.p99.toFixed(0)} ms | ${driver.p99.toFixed(0)} ms | ${(endpoint.p99 / driver.p99).toFixed(2)}× | ${bareRoute.throughput.toFixed(0)} | ${(endpoint.throughput / bareRoute.throughput).toFixed(2)}× | ${(endpoint.throughput / driverThirteen.throughput).toFixed(2)}× |`;
    }),
    '',
    `PGlite endpoint ÷ PostgreSQL endpoint: ${(figures.pglite.endpoint.throughput / figures.postgres.endpoint.throughput).toFixed(2)}× throughput`,
    '',
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
// A run Lighthouse could not measure (about one in ten on this machine) is left out of the medians,
// and the table says how many runs each median is of.
const reported = (label: string) => (samples[label] ?? []).filter((s) => !s.failed);
const med = (label: string, key: 'score' | 'lcp' | 'cls' | 'fcp') =>
  median(reported(label).map((s) => s[key]));
const runsOf = (label: string) => {
  const failed = (samples[label]?.length ?? 0) - reported(label).length;
  return failed ? ` (${reported(label).length} of ${RUNS} runs: ${failed} not measured)` : '';
};
const helloLcp = med('hello', 'lcp');
const pages = [
  'hello',
  '/',
  '/ in ar',
  '/ in zh-CN',
  '/landing',
  '/landing in ar',
  '/landing in zh-CN',
  '/home',
  '/home, day accepted',
];
const rowName = (p: string) =>
  p === 'hello'
    ? 'hello page (bench/hello)'
    : p === '/home, day accepted'
      ? "`/home`, the day's tasks listed"
      : p.replace(/^(\S+)/, '`$1`');
const rows = [
  `| page (median of ${RUNS}) | performance | LCP | LCP ÷ hello | CLS | FCP |`,
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...pages.map(
    (p) =>
      `| ${rowName(p)}${runsOf(p)} | ${med(p, 'score')} | ${med(p, 'lcp').toFixed(2)} s | ${(med(p, 'lcp') / helloLcp).toFixed(2)}× | ${med(p, 'cls').toFixed(3)} | ${med(p, 'fcp').toFixed(2)} s |`,
  ),
  `| \`/home\` warm start (service worker, repeat visit)${runsOf('/home warm')} | ${med('/home warm', 'score')} | ${med('/home warm', 'lcp').toFixed(2)} s | ${(med('/home warm', 'lcp') / helloLcp).toFixed(2)}× | ${med('/home warm', 'cls').toFixed(3)} | ${med('/home warm', 'fcp').toFixed(2)} s |`,
  '',
  `First-screen JavaScript: **${firstScreenKb.toFixed(1)} KB** brotli`,
  '',
  ...(ledger ? ledgerRows(ledger) : ['(API not measured: BENCH_LEDGER=0)', '']),
  ...(settled ? [`Cores before the API part: ${settled}.`, ''] : []),
  `Load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${load()} (${cpus().length} cores)`,
];
const table = rows.join('\n');
console.log(`\n${table}`);
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/bench.md', `${table}\n`);
writeFileSync('test-results/bench.json', JSON.stringify({ samples, firstScreenKb, ledger }, null, 2));
