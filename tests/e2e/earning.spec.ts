import { randomBytes } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type pg from 'pg';
import { formatAmount } from '#domain/money/amount.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { registerInBrowser, screenshot, uniqueName } from './support.ts';

// The earning journey on a server of its own, backed by a PostgreSQL database this test creates, so
// that the test can read the user's ledger entries and compare them with the screen after each step.

let server: TestServer;
let db: pg.Client;

test.beforeAll(async () => {
  server = await startTestServer({ DEMO_TASK_SECONDS: '2' });
  db = server.db;
});

test.afterAll(async () => {
  await server?.stop();
});

/** The user's ledger: the sum of its entries, and the cached balance (which must agree). */
async function ledgerOf(username: string) {
  const { rows } = await db.query<{ id: string; balance: string; total: string }>(
    `select u.id, u.balance::text, coalesce(sum(l.amount), 0)::text as total
       from users u left join ledger_entries l on l.user_id = u.id
      where u.username_key = $1 group by u.id`,
    [username.toLowerCase()],
  );
  const row = rows[0];
  if (!row) throw new Error('no such user');
  expect(row.balance).toBe(row.total);
  return { id: row.id, total: BigInt(row.total) };
}

/** The balance on screen equals the sum of the user's ledger entries, formatted as the app does. */
async function expectScreenMatchesLedger(page: Page, username: string) {
  const { total } = await ledgerOf(username);
  const shown = new Intl.NumberFormat('en-US', { maximumFractionDigits: 7 }).format(
    formatAmount(total) as Intl.StringNumericLiteral,
  );
  await expect(page.getByTestId('home-balance')).toHaveText(`${shown} XRP`);
  return total;
}

test('a new user does the day: gift, 10 tasks and interest, each credited exactly as shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const username = uniqueName('earner');
  await registerInBrowser(page, username, { origin: server.url });
  expect(await expectScreenMatchesLedger(page, username)).toBe(0n);

  // The gift shows its amount and credits exactly that.
  const gift = page.getByTestId('gift-card');
  await expect(gift).toContainText('30 XRP');
  await gift.getByRole('button', { name: 'Claim the gift' }).click();
  await expect(gift).toHaveCount(0);
  expect(await expectScreenMatchesLedger(page, username)).toBe(30n * 10n ** 7n);

  await page.getByRole('button', { name: "Accept today's challenge" }).click();
  const rows = page.locator('[data-testid^="task-"]');
  await expect(rows).toHaveCount(10);

  for (let i = 0; i < 10; i++) {
    await rows.nth(i).click();
    const sheet = page.getByRole('dialog');
    // The rules come first: reward, time and how it is checked (docs/product-rules.md#shown-equals-credited).
    await expect(sheet.getByTestId('task-rules')).toContainText('2 XRP');
    await sheet.getByRole('button', { name: 'Start the task' }).click();
    await expect(sheet.getByTestId('task-timer')).toBeVisible();
    for (const group of await sheet.locator('fieldset').all()) await group.locator('label').first().click();
    const complete = sheet.getByRole('button', { name: 'Complete the task' });
    await expect(complete).toBeEnabled({ timeout: 10_000 });
    await complete.click();
    await expect(sheet).toHaveCount(0);
    expect(await expectScreenMatchesLedger(page, username)).toBe(BigInt(32 + 2 * i) * 10n ** 7n);
  }
  await expect(page.getByTestId('day-progress')).toHaveText('10 of 10 tasks done · 20 of 20 XRP today');
  await expect(page.getByTestId('all-done')).toBeVisible();

  // Interest needs a saved withdrawal address (written in the database here: the address form has
  // journeys of its own, in withdraw.spec.ts); the amount on screen is the amount credited.
  const { id } = await ledgerOf(username);
  await db.query(
    `insert into withdraw_addresses (user_id, address, tag, created_at) values ($1, $2, '1', now())`,
    [id, `rE2E${randomBytes(6).toString('hex')}`],
  );
  await page.reload();
  const interest = page.getByTestId('interest-amount');
  // 50 XRP at 5% a year for one day, rounded down to a drop (0.00684931… → 0.006849).
  await expect(interest).toHaveText('0.006849 XRP today, at 5% a year');
  await page.getByRole('button', { name: 'Claim interest' }).click();
  await expect(page.getByTestId('interest-card')).toContainText('Claimed today');
  expect(await expectScreenMatchesLedger(page, username)).toBe(500_068_490n);
  await screenshot(page, 'en', 'home-day-done');

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByTestId('total-tasks')).toHaveText('10');
  await expect(page.getByTestId('total-claimed')).toHaveText('0.006849 XRP');
  await expect(page.getByTestId('balance')).toHaveText('50.006849 XRP');
});
