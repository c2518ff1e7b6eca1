import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot, signInViaApi } from './support.ts';

// Every route of the app, with the title it must carry.
const SIGNED_OUT = [
  { path: '/', name: 'entry' },
  { path: '/landing', name: 'landing' },
  { path: '/transparency', name: 'transparency' },
  { path: '/testimonials', name: 'testimonials' },
];
const SIGNED_IN = [
  { path: '/home', name: 'home' },
  { path: '/home/mine', name: 'mine' },
  { path: '/home/withdraw', name: 'withdraw' },
  { path: '/home/invite', name: 'invite' },
  { path: '/withdraw/status', name: 'withdraw-status' },
  { path: '/withdraw/kyc', name: 'withdraw-kyc' },
  { path: '/history', name: 'history' },
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('h1')).toBeVisible();
}

for (const { locale, browserLocale, dir } of [
  { locale: 'en', browserLocale: 'en-US', dir: 'ltr' },
  { locale: 'ar', browserLocale: 'ar-EG', dir: 'rtl' },
  { locale: 'zh-CN', browserLocale: 'zh-CN', dir: 'ltr' },
]) {
  test.describe(`every route in ${locale}`, () => {
    test.use({ locale: browserLocale });

    test('renders signed out, with a title, the right direction and no axe violations', async ({ page }) => {
      for (const route of SIGNED_OUT) {
        await page.goto(route.path);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page).toHaveTitle(/ · Earnest$/);
        await screenshot(page, locale, route.name);
        await expectNoAxeViolations(page);
      }
    });

    test('renders signed in, with a title, the right direction and no axe violations', async ({
      page,
      request,
    }) => {
      await signInViaApi(page, request);
      for (const route of SIGNED_IN) {
        await page.goto(route.path);
        await settle(page);
        await expect(page).toHaveURL(new RegExp(`${route.path}$`));
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page).toHaveTitle(/ · Earnest$/);
        await screenshot(page, locale, route.name);
        await expectNoAxeViolations(page);
      }
      // The same screens on a desktop, for people to look at.
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const route of SIGNED_IN) {
        await page.goto(route.path);
        await settle(page);
        await screenshot(page, locale, `${route.name}-1280`);
      }
    });
  });
}

test('the tab bar moves between the main screens', async ({ page, request }) => {
  await signInViaApi(page, request);
  await page.goto('/home');
  await page.getByRole('link', { name: 'Invite' }).click();
  await expect(page).toHaveURL(/\/home\/invite$/);
  await expect(page).toHaveTitle('Invite · Earnest');
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page).toHaveURL(/\/home\/mine$/);
  await expect(page.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the layout is at most 750 px wide on a large screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, request);
  await page.goto('/home/mine');
  await settle(page);
  const frame = await page.locator('.app-frame').boundingBox();
  const tabs = await page.locator('.tab-bar').boundingBox();
  expect(frame?.width).toBe(750);
  expect(tabs?.width).toBe(750);
});
