import type { Page } from '@playwright/test';
import { TOKEN_HEADER } from '#contract/paths.ts';
import type { TestServer } from '#tests/helpers/e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { setUpUser } from './offline-support.ts';
import { createOperatorByCommand, setUpOperator, signInNewOperator, signInOperator } from './ops-support.ts';
import { startServerOnRippled, stopServerOnRippled, type RippledProcess } from './rippled-process.ts';
import { screenshot, signInOnEntryPage, uniqueName } from './support.ts';

const EXCHANGE = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';

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
  const { name, code } = await signInNewOperator(page, server, 'support');
  await screenshot(page, 'en', 'ops-dashboard-375');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  // The same code again: refused, though name and password are right. (The very code, not one
  // computed anew: a new time step may have begun since, whose code would be a fresh one.)
  await page.getByLabel('Operator name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('a long operator password');
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect name, password or code');
  await screenshot(page, 'en', 'ops-sign-in-375');
  // Straight to a console page without a session: the sign-in page.
  await page.goto(`${server.url}/ops/audit`);
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
});

test.describe('running Earnest from the console', () => {
  let rippled: RippledProcess;
  let server: TestServer;

  test.beforeAll(async () => {
    // The payout job stays off: the operator pays from the console, and no waiting period holds it.
    ({ rippled, server } = await startServerOnRippled({ PAYOUTS: 'off', WAITING_DAYS: '0' }));
  });

  test.afterAll(() => stopServerOnRippled(server, rippled));

  test('an admin pays a withdrawal on the ledger, bans a user with a reason the user sees, and finds both in the audit log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { name } = await signInNewOperator(page, server, 'admin');

    // A user with 150 XRP (the gift and 120 credited) withdraws to an exchange address.
    const user = await setUpUser(server.url, server.db);
    const tag = 4000 + Math.floor(Math.random() * 1000);
    await server.db.query(
      `insert into withdraw_addresses (user_id, address, tag, created_at)
       select id, $2, $3, now() from users where username_key = $1`,
      [user.username.toLowerCase(), EXCHANGE, String(tag)],
    );
    await server.db.query(
      `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
       select id, 'adjustment', $2, 'e2e-' || id, 'e2e-' || id, now() from users where username_key = $1`,
      [user.username.toLowerCase(), 120n * 10n ** 7n],
    );
    const asked = await fetch(`${server.url}/api/user/setWithdrawStatus`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: user.token, 'idempotency-key': `w-${user.username}` },
    });
    expect(asked.status).toBe(200);

    // The dashboard counts it, and reads the payout wallet on the (fake) ledger.
    await page.reload();
    await expect(page.getByTestId('fig-open')).toContainText('150 XRP');
    await expect(page.getByTestId('fig-wallet')).toContainText(/\d XRP/);
    await expect(page.getByTestId('dashboard-chart').locator('canvas')).toBeVisible();
    await screenshots(page, 'en', 'ops-dashboard');

    // Pay now: signed with the payout key, sent, validated.
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    const row = page.getByTestId('withdrawals').getByRole('row').filter({ hasText: user.username });
    await expect(row).toContainText('150 XRP');
    await screenshots(page, 'en', 'ops-withdrawals');
    await row.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toContainText('is paid: validated on the ledger', {
      timeout: 20_000,
    });
    // One payment (a resubmission sends the same signed blob again: the same hash, never a second one).
    const paid = rippled.submitted.filter((tx) => tx['DestinationTag'] === tag);
    expect(new Set(paid.map((tx) => tx['hash'])).size).toBe(1);
    expect(paid[0]?.['Amount']).toBe('150000000');
    await page.getByLabel('State').selectOption('success');
    await expect(
      page.getByTestId('withdrawals').getByRole('row').filter({ hasText: user.username }),
    ).toContainText('Paid');

    // A ban with a reason, from the user's page.
    const reason = 'Several accounts on one phone';
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Name, e-mail, invite code, XRP address or id').fill(user.username);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('users').getByRole('link', { name: user.username }).click();
    await expect(page.getByTestId('user-ledger')).toContainText('Withdrawal');
    await page.getByLabel('Reason (the user is shown it)').fill(reason);
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(page.getByTestId('ban-standing')).toContainText(reason);
    await expect(page.getByTestId('locks')).toContainText(reason);
    await screenshots(page, 'en', 'ops-user');

    // The user is told why on signing in.
    const userContext = await browser.newContext({ serviceWorkers: 'block' });
    const userPage = await userContext.newPage();
    await userPage.goto(`${server.url}/?tab=login`);
    await signInOnEntryPage(userPage, user.username);
    await expect(userPage.getByTestId('lock-reason')).toContainText(`Reason: ${reason}.`);
    await userContext.close();

    // The audit log lists each action, with who, what, on what and the reason.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const mine = page.getByRole('row').filter({ hasText: name });
    await expect(mine.filter({ hasText: 'Withdrawal paid now' })).toHaveCount(1);
    await expect(mine.filter({ hasText: 'User banned' })).toContainText(reason);
    await screenshots(page, 'en', 'ops-audit-actions');

    // The same pages in Arabic, right to left.
    await page.locator('.ops-language select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshots(page, 'ar', 'ops-audit');
    for (const [path, shot] of [
      ['/ops', 'ops-dashboard'],
      ['/ops/withdrawals?state=all', 'ops-withdrawals'],
      [`/ops/users?q=${encodeURIComponent(user.username)}`, 'ops-users'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('.ops-page h1')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await screenshots(page, 'ar', shot);
    }
  });
});

/** A console page at a desktop's width and a phone's. */
async function screenshots(page: Page, locale: string, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, locale, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, locale, `${name}-375`);
}
