// `npm run check`: typecheck every runtime's tsconfig, lint with zero warnings, check formatting,
// check that no comment names a document outside the repository or a missing file, and check that
// the translation catalogs match the source and are complete, and that Chinese texts use full-width
// punctuation.
import { spawnSync } from 'node:child_process';

// Each tool runs on this Node (24), whatever `node` the PATH would find.
const steps: [string, string, string[]][] = [
  ...['tsconfig.json', 'src/domain', 'src/contract', 'src/app', 'src/server', 'sw', 'tests'].map(
    (project): [string, string, string[]] => [
      `typecheck ${project}`,
      'node_modules/typescript/bin/tsc',
      ['-p', project],
    ],
  ),
  ['lint', 'node_modules/eslint/bin/eslint.js', ['.', '--max-warnings', '0']],
  ['format', 'node_modules/prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', '.']],
  ['outside documents and dead links', 'scripts/outside-docs.ts', []],
  ['Chinese punctuation', 'scripts/zh-punctuation.ts', []],
  ['catalogs', 'node_modules/vitest/vitest.mjs', ['run', 'tests/unit/catalogs.test.ts', '--reporter', 'dot']],
];

let failed = 0;
for (const [name, command, args] of steps) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [command, ...args], { stdio: 'inherit' });
  const ok = result.status === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? '✓' : '✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
if (failed) {
  console.error(`check: ${failed} step(s) failed`);
  process.exit(1);
}
console.log('check: all steps passed');
