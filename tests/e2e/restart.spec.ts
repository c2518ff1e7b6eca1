import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { freePort } from '#tests/helpers/e2e-server.ts';
import { registerInBrowser, signInOnEntryPage, uniqueName } from './support.ts';

let PORT = 0;
let BASE = '';
test.beforeAll(async () => {
  PORT = await freePort();
  BASE = `http://127.0.0.1:${PORT}`;
});

/** Starts Earnest as `npm start` does, on its own port and data folder. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/other/serverTime`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${errors}`);
}

async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

test('the account and the session survive a server restart on the embedded database', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'earnest-restart-'));
  let server = await startServer(dataDir);
  try {
    const username = uniqueName('restart');
    await registerInBrowser(page, username, { origin: BASE });
    // The screen's own code has arrived: stopping the server while it is still loading would test a
    // dropped connection, not a restart.
    await expect(page.getByTestId('home-balance')).not.toHaveText('…');

    // A graceful stop: exit code 0 and the data folder released.
    expect(await stopServer(server)).toBe(0);
    server = await startServer(dataDir);

    await page.goto(`${BASE}/home/mine`);
    await expect(page).toHaveURL(/\/home\/mine$/);
    await expect(page.getByText(username)).toBeVisible();

    await page.evaluate(() => localStorage.removeItem('earnest.token'));
    await page.goto(`${BASE}/`);
    await signInOnEntryPage(page, username);
    await expect(page).toHaveURL(/\/home$/);
    // Home has loaded its code and figures before the server stops at the end of the test.
    await expect(page.getByTestId('home-balance')).not.toHaveText('…');
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
