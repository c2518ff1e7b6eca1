// `npm test`: the whole suite — static checks, unit + API + integration tests (Vitest, on PGlite and
// the local PostgreSQL server), then the browser journeys (Playwright in Debian's Chromium) — and
// one summary line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';

const node = process.execPath;
const run = (name: string, args: string[]) => {
  console.log(`\n▶ ${name}`);
  return spawnSync(node, args, { stdio: 'inherit' }).status === 0;
};

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

// Said up front and plainly: without the server, the race tests are skipped (and counted as such).
const postgresUrl = new URL(
  process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const postgresUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) });
  const answer = (up: boolean) => {
    socket.destroy();
    resolve(up);
  };
  socket.setTimeout(2000);
  socket.once('connect', () => answer(true));
  socket.once('error', () => answer(false));
  socket.once('timeout', () => answer(false));
});
if (!postgresUp) {
  console.log(
    `\nPostgreSQL is not running at ${postgresUrl.host}: the tests that need it (races on many connections)\n` +
      'are skipped and counted as skipped. `bash .ci/run` installs and starts it.',
  );
}

const checked = run('static checks', ['scripts/check.ts']);
const vitestOk = run('unit, API and integration tests', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
// Build once up front so that no test server builds while another starts.
const built = run('build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
// The first screen's JavaScript stays within its budget (docs/performance.md).
const sized = built && run('first-screen JavaScript', ['scripts/size.ts', '--built']);
const e2eOk = built && run('browser journeys', ['node_modules/@playwright/test/cli.js', 'test']);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const NONE: Counts = { passed: 0, failed: 0, skipped: 0 };

function vitestCounts(): Counts {
  if (!existsSync('test-results/vitest.json')) return NONE;
  const r = JSON.parse(readFileSync('test-results/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(): Counts {
  if (!existsSync('test-results/e2e-report.json')) return NONE;
  const r = JSON.parse(readFileSync('test-results/e2e-report.json', 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

// A step that failed without a failing test (a crash, a server that would not start) still counts.
const counted = (ok: boolean, counts: Counts): Counts =>
  ok || counts.failed > 0 ? counts : { ...counts, failed: counts.failed + 1 };

const steps = [
  counted(checked, NONE),
  counted(vitestOk, vitestCounts()),
  counted(built, NONE),
  counted(sized, NONE),
  counted(e2eOk, built ? playwrightCounts() : NONE),
];
const sum = (key: keyof Counts) => steps.reduce((n, s) => n + s[key], 0);
const [passed, failed, skipped] = [sum('passed'), sum('failed'), sum('skipped')];

const ok = checked && vitestOk && built && sized && e2eOk && failed === 0;
console.log(`\nSummary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
