import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import type { TestServer } from '#tests/helpers/e2e-server.ts';
import { totpCodeAt } from '#tests/helpers/totp.ts';
import { uniqueName } from './support.ts';

const run = promisify(execFile);

export const OPS_PASSWORD = 'a long operator password';

/** Runs `npm run ops -- <args>` against the test server's database, as an operator on that machine would. */
export async function opsCommand(server: TestServer, args: string[]) {
  const { stdout } = await run(process.execPath, ['scripts/ops.ts', ...args], {
    env: { ...process.env, DATABASE_URL: server.databaseUrl, PUBLIC_ORIGIN: server.url, LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** Creates an operator with the command line and returns the set-up link it printed. */
export async function createOperatorByCommand(server: TestServer, name: string, role: 'admin' | 'support') {
  const out = await opsCommand(server, ['admin', 'create', name, '--role', role]);
  const link = /(https?:\/\/\S+\/ops\/setup#\S+)/.exec(out)?.[1];
  if (!link) throw new Error(`no set-up link in: ${out}`);
  return link;
}

/**
 * Opens a set-up link and sets the operator up as a person would: the key is read off the page (as an
 * authenticator app would read it), the code computed from it. Returns the secret.
 */
export async function setUpOperator(page: Page, link: string): Promise<string> {
  await page.goto(link);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Password', { exact: true }).fill(OPS_PASSWORD);
  await page.getByLabel('Password again').fill(OPS_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(totpCodeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByRole('heading', { name: 'Your operator account is ready' })).toBeVisible();
  return secret;
}

/**
 * Signs in with the code of the next time step (the step of the set-up, or of an earlier sign-in, is
 * spent); `step` moves further ahead for a later sign-in of the same operator. Returns the code.
 */
export async function signInOperator(page: Page, server: TestServer, name: string, secret: string, step = 1) {
  await page.goto(`${server.url}/ops/sign-in`);
  await page.getByLabel('Operator name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(OPS_PASSWORD);
  const code = totpCodeAt(secret, Date.now() + step * 30_000);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return code;
}

/**
 * Creates an operator by the command line, sets it up and signs it in; returns its name, its secret
 * and the code it signed in with.
 */
export async function signInNewOperator(
  page: Page,
  server: TestServer,
  role: 'admin' | 'support',
  prefix = 'ops',
) {
  const name = uniqueName(prefix).toLowerCase().slice(0, 30);
  const secret = await setUpOperator(page, await createOperatorByCommand(server, name, role));
  const code = await signInOperator(page, server, name, secret);
  return { name, secret, code };
}
