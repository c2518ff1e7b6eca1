import type { Page } from '@playwright/test';
import { quote, startFakeRateSource, type FakeRateSource } from '#tests/fakes/fake-rate-source.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { punctuationProblems } from '../../scripts/zh-punctuation.ts';
import { isolatedLeftToRight } from './bidi-support.ts';
import { expect, test } from './fixtures.ts';
import { openApp, setUpUser, type TestUser } from './offline-support.ts';
import { expectNoAxeViolations, screenshot } from './support.ts';

// The approximate value of 1 XRP from a fake rate source on 127.0.0.1 (docs/exchange-rate.md), and the
// guides (address, withdrawing, interest) reached from the screens they explain, in three languages
// and two sizes, with axe.

let rates: FakeRateSource;
let server: TestServer;

test.beforeAll(async () => {
  rates = await startFakeRateSource();
  rates.serve(quote(60));
  // A short cache, so that a change at the source shows within a test.
  server = await startTestServer({ RATE_SOURCE_URL: rates.url, RATE_CACHE_SECONDS: '10' });
});

test.afterAll(async () => {
  await server?.stop();
  await rates?.close();
});

/** A user with a balance of 150 XRP and an address, so that every screen has figures to show. */
async function richUser(): Promise<TestUser> {
  const user = await setUpUser(server.url, server.db, { address: true });
  await server.db.query(
    `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
     select id, 'adjustment', $2, 'guides-' || id, 'guides-' || id, now() from users where username_key = $1`,
    [user.username.toLowerCase(), 120n * 10n ** 7n],
  );
  return user;
}

/**
 * The server keeps a quote for RATE_CACHE_SECONDS: after a test served a stale one, the next sees a
 * price only once the server has read the source again.
 */
async function untilPriceShown(page: Page) {
  await expect(async () => {
    await page.goto(`${server.url}/landing`);
    await expect(page.getByTestId('xrp-price')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('Landing, Home and Mine show 1 XRP in dollars with the source and the time; the price goes when it goes stale', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    rates.serve(quote(60));
    await page.goto(`${server.url}/landing`);
    const price = page.getByTestId('xrp-price');
    await expect(price).toHaveText(/^1 XRP ≈ \$2\.13 \(Test Prices price, \d{1,2}:\d\d [AP]M\)$/);

    const user = await richUser();
    await openApp(page, server.url, user, '/home', { worker: false });
    await expect(page.getByTestId('xrp-price')).toContainText('1 XRP ≈ $2.13');
    await page.goto(`${server.url}/home/mine`);
    await expect(page.locator('.balance-card').getByTestId('xrp-price')).toContainText('1 XRP ≈ $2.13');

    // The user picks another currency the source carries, on this device.
    await page.getByRole('button', { name: /Currency for the value of XRP/ }).click();
    await page.getByRole('button', { name: 'Chinese Yuan (CNY)' }).click();
    await expect(page.locator('.balance-card').getByTestId('xrp-price')).toContainText('1 XRP ≈ CN¥15.48');

    // The source now quotes an hour-old price: once the server has read it, no price is shown at all.
    rates.serve(quote(3600));
    await expect(async () => {
      await page.goto(`${server.url}/landing`);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByTestId('xrp-price')).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    rates.serve(quote(60));
    await untilPriceShown(page);
  });

  test('the guides are reached from Mine, the withdraw screen and the interest card; the worked example is what the card offers', async ({
    page,
  }) => {
    const user = await richUser();
    await openApp(page, server.url, user, '/home/mine', { worker: false });
    await page.getByRole('link', { name: 'How withdrawing works' }).click();
    await expect(page).toHaveURL(/\/guide\/withdraw$/);
    await expect(page.getByTestId('withdraw-guide')).toContainText('Earn at least 100 XRP');
    await expect(page.getByTestId('withdraw-guide')).toContainText('Wait 30 days');
    await expect(page.getByTestId('withdraw-guide')).toContainText('shorten the wait by 12 to 24 hours');
    await expect(page.getByTestId('withdraw-rules')).toContainText('A balance of at least 100 XRP');

    await page.goto(`${server.url}/home/mine`);
    await page.getByRole('link', { name: 'How to get your exchange address and tag' }).click();
    await expect(page).toHaveURL(/\/guide\/address$/);
    await expect(page.getByTestId('exchange-list')).toContainText('Bitstamp');

    await page.goto(`${server.url}/home/withdraw`);
    await page.getByTestId('withdraw-guide-link').click();
    await expect(page).toHaveURL(/\/guide\/withdraw$/);

    // The interest card's own amount, what the server offers (and credits: tests/e2e/earning.spec.ts),
    // and the guide's worked example on the user's figures are one number.
    await page.goto(`${server.url}/home`);
    const offered = await page.evaluate(async (token) => {
      const response = await fetch('/api/account/dailyReward', { headers: { 'ba-user-token': token } });
      return ((await response.json()) as { data: { daily_reward: string } }).data.daily_reward;
    }, user.token);
    expect(offered).toBe('0.020547'); // 150 XRP × 5% ÷ 365 = 0.0205479… XRP, down to the drop
    await expect(page.getByTestId('interest-amount')).toContainText(`${offered} XRP today`);
    await page.getByTestId('interest-guide-link').click();
    await expect(page).toHaveURL(/\/guide\/interest$/);
    await expect(page.getByTestId('interest-yours').getByTestId('credited')).toHaveText(`${offered} XRP`);
    await expect(page.getByTestId('interest-yours')).toContainText('150 × 5% ÷ 365 = 0.0205479452…');
    // The example at the configured rates: the minimum withdrawal at the base and the maximum rate.
    const example = page.getByTestId('interest-example');
    await expect(example).toContainText('100 × 5% ÷ 365 = 0.0136986301…');
    await expect(example.getByTestId('credited')).toHaveText('0.013698 XRP');
    await expect(example).toContainText(
      'At the maximum rate of 20%, the same balance earns 0.054794 XRP a day.',
    );
  });
});

// Signed-out screens first: once the user's session is on the device, the entry page leads home.
const SCREENS = [
  { path: '/', name: 'entry', signedIn: false },
  { path: '/landing', name: 'landing', signedIn: false },
  { path: '/guide/withdraw', name: 'guide-withdraw', signedIn: false },
  { path: '/guide/address', name: 'guide-address', signedIn: true },
  { path: '/guide/interest', name: 'guide-interest', signedIn: true },
  { path: '/home', name: 'home', signedIn: true },
  { path: '/home/mine', name: 'mine', signedIn: true },
  { path: '/home/withdraw', name: 'withdraw', signedIn: true },
] as const;

for (const { locale, browserLocale } of [
  { locale: 'en', browserLocale: 'en-US' },
  { locale: 'ar', browserLocale: 'ar-EG' },
  { locale: 'zh-CN', browserLocale: 'zh-CN' },
]) {
  test.describe(`the price and the guides in ${locale}`, () => {
    test.use({ locale: browserLocale });

    test('at 375 and 1280 px, with no axe violations in English and Arabic', async ({ page }) => {
      test.setTimeout(120_000);
      rates.serve(quote(60));
      await untilPriceShown(page);
      const user = await richUser();
      const sizes = [
        { width: 375, height: 812, suffix: '' },
        { width: 1280, height: 800, suffix: '-1280' },
      ];
      for (const signedIn of [false, true]) {
        for (const viewport of sizes) {
          await page.setViewportSize(viewport);
          for (const screen of SCREENS.filter((s) => s.signedIn === signedIn)) {
            if (screen.signedIn) await openApp(page, server.url, user, screen.path, { worker: false });
            else await page.goto(`${server.url}${screen.path}`);
            await settled(page);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            if (['landing', 'home', 'mine'].includes(screen.name)) {
              await expect(page.getByTestId('xrp-price').first()).toBeVisible();
            }
            await screenshot(page, locale, `rate-guides-${screen.name}${viewport.suffix}`);
            if (locale !== 'zh-CN') await expectNoAxeViolations(page);
            else
              expect
                .soft(punctuationProblems(await page.locator('main').innerText()), screen.name)
                .toEqual([]);
            if (screen.name === 'guide-interest') {
              // The arithmetic reads left to right, Arabic included.
              expect(
                await page
                  .locator('.guide-formula bdi')
                  .evaluateAll((all) => all.map((e) => e.getAttribute('dir'))),
              ).toEqual(['ltr', 'ltr']);
              expect(await isolatedLeftToRight(page.locator('main'), ' ÷ 365 = ')).toEqual([true, true]);
            }
          }
        }
      }
      // Signed out, the interest guide works the examples out without the user's own figures.
      await page.evaluate(() => localStorage.removeItem('earnest.token'));
      await page.goto(`${server.url}/guide/interest`);
      await settled(page);
      await expect(page.getByTestId('interest-example')).toBeVisible();
      await expect(page.getByTestId('interest-yours')).toHaveCount(0);
    });
  });
}
