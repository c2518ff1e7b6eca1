// `npm start`: builds the app when the build is missing or older than its sources, then serves the
// app and the API on one port with the embedded database.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src/app',
  'src/domain',
  'src/contract',
  'sw',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender-pages.ts',
  'package.json',
];
const STAMP = 'dist/index.html';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (built < sources) {
  console.log(built ? 'Sources changed since the last build: building the app…' : 'Building the app…');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../src/server/main.ts');
