import { expect, test } from './fixtures.ts';
import { createOperatorByCommand, setUpOperator, signInOperator } from './ops-support.ts';
import { screenshot, uniqueName } from './support.ts';

// The operator console (docs/operators.md): an admin made by the command line sets up a password and a
// TOTP second factor from a one-time link, signs in with a code, and finds each step in the audit log.

test('an admin created by the command sets up TOTP, signs in and sees it all in the audit log', async ({
  page,
  server,
}) => {
  const name = uniqueName('ops').toLowerCase().slice(0, 30);
  const link = await createOperatorByCommand(server, name, 'admin');
  const secret = await setUpOperator(page, link);
  // The link works once (opened afresh: the same address with its '#' would not reload the page).
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This set-up link cannot be used');

  await signInOperator(page, server, name, secret);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const mine = page.getByRole('row').filter({ hasText: name });
  await expect(mine.filter({ hasText: 'Operator created' })).toContainText('command line');
  await expect(mine.filter({ hasText: 'Operator set up' })).toHaveCount(1);
  await expect(mine.filter({ hasText: 'Signed in' })).toHaveCount(1);
  await screenshot(page, 'en', 'ops-audit-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'en', 'ops-audit-1280');
});

test('the console refuses a replayed code and sends a signed-out operator back to sign in', async ({
  page,
  server,
}) => {
  const name = uniqueName('ops').toLowerCase().slice(0, 30);
  const secret = await setUpOperator(page, await createOperatorByCommand(server, name, 'support'));
  await signInOperator(page, server, name, secret);
  await screenshot(page, 'en', 'ops-dashboard-375');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  // The same code again: refused, though name and password are right.
  await page.getByLabel('Operator name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('a long operator password');
  const { totpCodeAt } = await import('#tests/helpers/totp.ts');
  await page.getByLabel('Code from your authenticator app').fill(totpCodeAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect name, password or code');
  await screenshot(page, 'en', 'ops-sign-in-375');
  // Straight to a console page without a session: the sign-in page.
  await page.goto(`${server.url}/ops/audit`);
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
});
