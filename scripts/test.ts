// `npm test`: the whole suite — static checks, unit + API + integration tests (Vitest, on PGlite and
// the local PostgreSQL server), then the browser journeys (Playwright in Debian's Chromium) — and
// one summary line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const node = process.execPath;
const run = (name: string, args: string[]) => {
  console.log(`\n▶ ${name}`);
  return spawnSync(node, args, { stdio: 'inherit' }).status === 0;
};

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

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
const e2eOk = built && run('browser journeys', ['node_modules/@playwright/test/cli.js', 'test']);

interface Counts {
  passed: number;
  failed: number;
}

function vitestCounts(): Counts {
  if (!existsSync('test-results/vitest.json')) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync('test-results/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests };
}

function playwrightCounts(): Counts {
  if (!existsSync('test-results/e2e-report.json')) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync('test-results/e2e-report.json', 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
}

// A step that failed without a failing test (a crash, a server that would not start) still counts.
const counted = (ok: boolean, counts: Counts): Counts =>
  ok || counts.failed > 0 ? counts : { passed: counts.passed, failed: counts.failed + 1 };

const steps = [
  counted(checked, { passed: 0, failed: 0 }),
  counted(vitestOk, vitestCounts()),
  counted(built, { passed: 0, failed: 0 }),
  counted(e2eOk, built ? playwrightCounts() : { passed: 0, failed: 0 }),
];
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);

const ok = checked && vitestOk && built && e2eOk && failed === 0;
console.log(`\nSummary: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
