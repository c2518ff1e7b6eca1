import { expect, test } from './fixtures.ts';
import { formatAmount } from '#domain/money/amount.ts';
import type { TestServer } from '#tests/helpers/e2e-server.ts';
import { ledgerOf } from './offline-support.ts';
import { startServerOnRippled, stopServerOnRippled, type RippledProcess } from './rippled-process.ts';
import { PASSWORD, screenshot, uniqueName } from './support.ts';

// From registration to a paid withdrawal, as a new user on a 375 px phone, in English, Arabic and Chinese,
// against a fake rippled: after every step the balance on screen is read and held to the ledger's sum,
// and "withdraw all" sends exactly what the screen showed (docs/product-rules.md#money-units). The steps
// find controls by role-free hooks (names, test ids), so the same journey runs in every language.

test.use({ serviceWorkers: 'block', viewport: { width: 375, height: 812 } });

const BITSTAMP = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';
const LOCALES = [
  { locale: 'en', browserLocale: 'en-US' },
  { locale: 'ar', browserLocale: 'ar-EG' },
  { locale: 'zh-CN', browserLocale: 'zh-CN' },
] as const;

/** An amount as the app shows it in this locale: to the drop, trailing zeros trimmed, the locale's digits. */
function shown(units: bigint, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6, roundingMode: 'trunc' }).format(
    formatAmount(units) as Intl.StringNumericLiteral,
  );
}

for (const [index, { locale, browserLocale }] of LOCALES.entries()) {
  test.describe(`the money journey in ${locale}`, () => {
    test.use({ locale: browserLocale });
    let rippled: RippledProcess;
    let server: TestServer;

    test.beforeAll(async () => {
      ({ rippled, server } = await startServerOnRippled({ PAYOUT_INTERVAL_SECONDS: '1' }));
    });
    test.afterAll(() => stopServerOnRippled(server, rippled));

    test('registration → gift → credit → address → withdraw all → paid, the balance read after every step', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const username = uniqueName(`journey${index}`);

      /** Reads the balance on Mine and holds it to the ledger's sum; returns that sum. */
      async function balanceMatchesLedger(): Promise<bigint> {
        const { total } = await ledgerOf(server.db, username);
        await page.goto(`${server.url}/home/mine`);
        await expect(page.getByTestId('balance')).toContainText(shown(total, locale));
        return total;
      }

      async function signIn(register: boolean) {
        await page.goto(`${server.url}/${register ? '?tab=register' : ''}`);
        await page.locator('input[name="username"]').fill(username);
        await page.locator('input[name="password"]').fill(PASSWORD);
        if (register) await page.locator('input[name="confirm_password"]').fill(PASSWORD);
        await page.getByTestId('entry-submit').click();
        await expect(page).toHaveURL(/\/home$/);
      }

      // 1. Registration: nothing yet.
      await signIn(true);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await balanceMatchesLedger()).toBe(0n);

      // 2. The new-user gift, on the user's tap.
      await page.goto(`${server.url}/home`);
      await page.getByTestId('claim-gift').click();
      await expect(page.getByTestId('gift-card')).toHaveCount(0);
      expect(await balanceMatchesLedger()).toBe(300_000_000n);
      await screenshot(page, locale, 'journey-gift');

      // 3. An operator's credit with drops in it (what tasks and interest add up to over weeks).
      await server.db.query(
        `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
         select id, 'adjustment', 1200205470, 'journey', 'journey', now() from users where username_key = $1`,
        [username.toLowerCase()],
      );
      expect(await balanceMatchesLedger()).toBe(1_500_205_470n);

      // 4. The address: checked, confirmed, saved; the balance does not move.
      await page.goto(`${server.url}/home/withdraw`);
      await page.locator('input[name="walletaddress"]').fill(BITSTAMP);
      await page.locator('input[name="tag"]').fill(String(1000 + index));
      await page.getByTestId('address-form').locator('input[autocomplete="current-password"]').fill(PASSWORD);
      await page.getByTestId('check-address').click();
      await expect(page.getByTestId('confirm-address')).toHaveText(BITSTAMP);
      await page.getByTestId('confirm-address-save').click();
      await expect(page.getByTestId('saved-address')).toContainText(BITSTAMP);
      await screenshot(page, locale, 'journey-withdraw-ready');
      expect(await balanceMatchesLedger()).toBe(1_500_205_470n);

      // 5. Withdraw all: the dialog names exactly the balance, and afterwards the balance is exactly 0.
      await page.goto(`${server.url}/home/withdraw`);
      await page.getByTestId('withdraw-all').click();
      await expect(page.getByRole('dialog')).toContainText(shown(1_500_205_470n, locale));
      await page.getByTestId('confirm-withdraw').click();
      await expect(page).toHaveURL(/\/withdraw\/status$/);
      await expect(page.getByTestId('time-left')).toBeVisible();
      await screenshot(page, locale, 'journey-withdraw-waiting');
      expect(await balanceMatchesLedger()).toBe(0n);

      // 6. The waiting period passes (the server's clock 31 days on); the session has expired meanwhile.
      await server.restart({ CLOCK_OFFSET_SECONDS: String(31 * 86_400) });
      await signIn(false);
      await page.goto(`${server.url}/withdraw/status`);
      await expect(async () => {
        await page.reload();
        await expect(page.locator('.record-status.record-success')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      const paid = rippled.submitted.filter((tx) => tx['DestinationTag'] === 1000 + index);
      expect(paid[0]).toMatchObject({ Destination: BITSTAMP, Amount: '150020547' });
      expect(await balanceMatchesLedger()).toBe(0n);
      await screenshot(page, locale, 'journey-paid');

      // 7. The history lists the three entries, and its CSV sums to the balance on screen: 0.
      await page.goto(`${server.url}/history`);
      await expect(page.getByTestId('history-list').getByRole('listitem')).toHaveCount(3);
      await screenshot(page, locale, 'journey-history');
      const csv = await page.evaluate(async () => {
        const response = await fetch('/api/account/history.csv', {
          headers: { 'ba-user-token': localStorage.getItem('earnest.token') ?? '' },
        });
        return response.text();
      });
      const rows = csv.trimEnd().split('\r\n').slice(1);
      expect(rows).toHaveLength(3);
      expect(rows.reduce((sum, row) => sum + BigInt((row.split(',')[3] ?? '0').replace('.', '')), 0n)).toBe(
        0n,
      );
    });
  });
}
