import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { signInNewOperator } from './ops-support.ts';
import { registerViaApi } from './offline-support.ts';
import { startRippled, type RippledProcess } from './rippled-process.ts';
import { screenshot, uniqueName } from './support.ts';

// The public proof (docs/transparency.md): /transparency with nothing paid and with paid withdrawals,
// the payout times beside the waiting period, and a review written on Mine, approved in the console
// and shown on Landing. The server reads the payout wallet's balance from a fake rippled.

test.describe.configure({ mode: 'serial' });

let rippled: RippledProcess;
let server: TestServer;
let walletAddress: string;

test.beforeAll(async () => {
  rippled = await startRippled();
  // xrpl.js does not load inside Playwright's test runner: the address is derived in a plain Node.
  walletAddress = execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    "const { Wallet } = await import('xrpl'); console.log(Wallet.fromSeed(process.argv[1]).address)",
    rippled.seed,
  ])
    .toString()
    .trim();
  // A web process as docs/payouts.md#the-key asks: the wallet's address, never its key.
  server = await startTestServer({
    XRPL_URL: rippled.url,
    PAYOUT_WALLET_ADDRESS: walletAddress,
    PAYOUTS: 'off',
    TRANSPARENCY_CACHE_SECONDS: '0',
    XRPL_EXPLORER_TX_URL: 'https://testnet.xrpl.org/transactions/{hash}',
  });
});

test.afterAll(async () => {
  await server.stop();
  rippled.stop();
});

/** Registers through the API and puts the session on this page's device. */
async function signedIn(page: Page, username = uniqueName('review')) {
  const token = await registerViaApi(server.url, username);
  await page.addInitScript((saved) => window.localStorage.setItem('earnest.token', saved), token);
  return username;
}

/** Looks at a page in each of the three languages and two widths the team reviews. */
async function tour(browser: Browser, path: string, name: string, check: (page: Page) => Promise<void>) {
  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['ar-EG', 'ar'],
    ['zh-CN', 'zh-CN'],
  ] as const) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await check(page);
      await screenshot(page, lang, `${name}-${width}`);
      await context.close();
    }
  }
}

test('with nothing paid: the wallet and its ledger balance, "not enough data yet", no reviews anywhere', async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}/transparency`);
  await expect(page.getByTestId('wallet-address')).toHaveText(walletAddress);
  // The fake ledger's starting balance: 100,000 XRP.
  await expect(page.getByTestId('wallet-balance')).toHaveText('100,000 XRP');
  await expect(page.getByTestId('paid-total')).toContainText('0 XRP');
  await expect(page.getByTestId('paid-withdrawals-empty')).toBeVisible();
  await expect(page.getByTestId('transparency-times').getByTestId('payout-times-not-enough')).toContainText(
    'not enough data yet (0 of 5',
  );
  await expect(page.getByTestId('reserve-ratio')).toContainText('Nothing is owed right now.');

  await page.goto(`${server.url}/landing`);
  await expect(page.getByTestId('payout-times')).toContainText('Stated waiting period: 30 days.');
  await expect(page.getByTestId('payout-times-not-enough')).toBeVisible();
  await expect(page.getByTestId('transparency-link')).toBeVisible();
  // No review approved: not a heading, not a placeholder.
  await expect(page.getByTestId('landing-testimonials')).toHaveCount(0);
  await expect(page.getByText('What users wrote')).toHaveCount(0);

  await tour(browser, '/transparency', 'transparency-empty', async (shown) => {
    await expect(shown.getByTestId('paid-withdrawals-empty')).toBeVisible();
  });
});

test('a review written on Mine is shown only after an admin approved it in the console', async ({ page }) => {
  const username = await signedIn(page);
  await page.goto(`${server.url}/home/mine`);
  const card = page.getByTestId('review-card');
  const text = 'Paid to my exchange after the wait the rules stated. No surprises.';
  await card.getByLabel(/A few words about your experience/).fill(text);
  await card.getByRole('button', { name: 'Send review' }).click();
  // No consent, nothing kept.
  await expect(card.getByRole('alert')).toContainText('Tick the box to agree');
  await card.getByRole('checkbox', { name: /Publish my review with my masked name/ }).check();
  await card.getByRole('button', { name: 'Send review' }).click();
  await expect(card.getByTestId('review-status')).toHaveText(
    'Waiting for an operator to check it. It is not shown anywhere yet.',
  );
  const usage = page
    .getByTestId('usage-switch')
    .getByRole('switch', { name: 'Share anonymous usage counts' });
  await expect(usage).not.toBeChecked();
  // On, it stays on for this device (and only here).
  const sent: Record<string, string>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/usage/count')) sent.push(request.headers());
  });
  await usage.check();
  await page.reload();
  await expect(usage).toBeChecked();
  // Counted into the day's totals a few seconds later, with no session token and no cookie.
  await expect(async () => {
    const { rows } = await server.db.query<{ n: string }>(
      `select coalesce(sum(count), 0)::text as n from usage_counts where event = 'screen_opened'`,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  expect(sent.length).toBeGreaterThan(0);
  for (const headers of sent) {
    expect(headers['ba-user-token']).toBeUndefined();
    expect(headers['cookie']).toBeUndefined();
  }
  await usage.uncheck();
  await screenshot(page, 'en', 'mine-review-375');

  await page.goto(`${server.url}/landing`);
  await expect(page.getByTestId('landing-testimonials')).toHaveCount(0);

  const { name: admin } = await signInNewOperator(page, server, 'admin', 'rev');
  await page.getByRole('link', { name: 'Reviews' }).click();
  const row = page.getByTestId('ops-review').filter({ hasText: text });
  const masked = `${username.slice(0, 2)}***${username.slice(-1)}`;
  await expect(row).toContainText(masked);
  await screenshot(page, 'en', 'ops-reviews-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'en', 'ops-reviews-1280');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('ops-review').filter({ hasText: text })).toHaveCount(0);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'testimonial' }).first()).toContainText(admin);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${server.url}/landing`);
  const shown = page.getByTestId('landing-testimonials');
  await expect(shown.getByTestId('testimonial')).toHaveCount(1);
  await expect(shown).toContainText(text);
  await expect(shown).toContainText(masked);
  await expect(shown).not.toContainText(username);
});

test('with paid withdrawals: the figures, every payment with its explorer link, and the same times on Withdraw', async ({
  page,
  browser,
}) => {
  // Seven withdrawals paid as the payout job records them (requested, validated, the ad's hours).
  const paid: [days: number, hours: number, reduced: number][] = [
    [29, 3, 18],
    [30, 1, 0],
    [28, 20, 24],
    [29, 14, 12],
    [30, 0, 0],
    [29, 22, 13],
    [28, 2, 22],
  ];
  for (const [i, [days, hours, reduced]] of paid.entries()) {
    const name = uniqueName(`payee${i}`);
    await registerViaApi(server.url, name);
    await server.db.query(
      `insert into withdrawals (user_id, amount, address, tag, status, created_at, tx_hash, delivered_amount, settled_at, reduced_hours)
       select id, $2, 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B', $3, 'success',
              now() - make_interval(days => $4::int + 1, hours => $5::int), $6, $2, now() - interval '1 day', $7
         from users where username_key = $1`,
      [
        name.toLowerCase(),
        BigInt(100 + i * 7) * 10n ** 7n,
        String(i + 1),
        days,
        hours,
        (i + 10).toString(16).repeat(64).slice(0, 64).toUpperCase(),
        reduced,
      ],
    );
  }

  await page.goto(`${server.url}/transparency`);
  await expect(page.getByTestId('paid-row')).toHaveCount(7);
  await expect(page.getByTestId('paid-total')).toContainText('847 XRP');
  const times = page.getByTestId('transparency-times');
  await expect(times.getByTestId('payout-times-measured')).toContainText('7 paid withdrawals');
  // Nearest rank over the seven: the 4th and the 7th longest, in days and hours.
  await expect(times.getByTestId('payout-median')).toHaveText('29 days, 14 hr');
  await expect(times.getByTestId('payout-p90')).toHaveText('30 days, 1 hr');
  const link = page.getByTestId('paid-row-hash').first();
  await expect(link).toHaveAttribute('href', /^https:\/\/testnet\.xrpl\.org\/transactions\/[0-9A-F]{64}$/);

  const user = await signedIn(page);
  expect(user).toBeTruthy();
  await page.goto(`${server.url}/home/withdraw`);
  await expect(page.getByTestId('payout-median')).toHaveText('29 days, 14 hr');
  await screenshot(page, 'en', 'withdraw-payout-times-375');

  await tour(browser, '/transparency', 'transparency-paid', async (shown) => {
    await expect(shown.getByTestId('paid-row')).toHaveCount(7);
  });
  await tour(browser, '/landing', 'landing-payout-times', async (shown) => {
    await expect(shown.getByTestId('payout-median')).toBeVisible();
    await expect(shown.getByTestId('testimonial')).toHaveCount(1);
  });
});
