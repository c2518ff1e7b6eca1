import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_API, OPS_CLI_KEY_HEADER } from '#contract/ops.ts';
import { freePort } from '#tests/helpers/e2e-server.ts';

const run = promisify(execFile);

// The command line beside a running server on the embedded database (docs/operators.md#the-command-line):
// the server holds the database, so each command goes to it through its key file and runs there,
// recorded in the audit log as the command line; the key is taken from this machine only.
describe('npm run ops while the server runs on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'earnest-ops-cli-'));
  let server: ChildProcess;
  let url = '';
  const env = () => {
    const { DATABASE_URL: _postgres, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_ORIGIN: url };
  };
  const ops = (...args: string[]) => run(process.execPath, ['scripts/ops.ts', ...args], { env: env() });

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...env(), PORT: String(port), NODE_ENV: 'test', PAYOUTS: 'off' },
      stdio: 'ignore',
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/other/serverTime`)).ok) break;
      } catch {
        if (i > 300) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 60_000);

  afterAll(async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates and lists operators through the running server', async () => {
    const keyFile = join(dataDir, 'ops-cli.json');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const created = await ops('admin', 'create', 'cli.admin', '--role', 'support');
    expect(created.stdout).toMatch(/Set-up link for cli\.admin \(support\)/);
    expect(created.stdout).toContain(`${url}/ops/setup#`);
    const listed = await ops('admin', 'list');
    expect(listed.stdout).toContain('cli.admin');
    expect((await ops('payouts', 'list')).stdout).toContain('No withdrawal is waiting to be paid.');
    await expect(ops('users', 'ban', 'nobody-at-all', 'a reason')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is no such user'),
    });
    await expect(ops('payouts', 'nonsense')).rejects.toMatchObject({ code: 2 });
  });

  it('refuses the route without the key, with a wrong key, and to a user', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${url}${OPS_API.cli}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ args: ['admin', 'list'] }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ [OPS_CLI_KEY_HEADER]: 'not-the-key' })).status).toBe(401);
  });

  it('leaves no key file once the server has stopped, and then opens the database itself', async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    expect(existsSync(join(dataDir, 'ops-cli.json'))).toBe(false);
    const listed = await ops('admin', 'list');
    expect(listed.stdout).toContain('cli.admin');
    // Restarted for afterAll's sake.
    server = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  });
});
