import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectNoAxeViolations,
  openSignedIn,
  screenshot,
  settle,
  SIGNED_IN_SCREENS,
  signInViaApi,
} from './support.ts';

// Every route of the app, with the title it must carry.
const SIGNED_OUT = [
  { path: '/', name: 'entry' },
  { path: '/landing', name: 'landing' },
  { path: '/transparency', name: 'transparency' },
  { path: '/testimonials', name: 'testimonials' },
];

/** Checks a loaded screen: the direction, a title, and no axe violations; and takes its picture. */
async function expectScreenShown(page: Page, locale: string, dir: string, name: string) {
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(page).toHaveTitle(/ · Earnest$/);
  await screenshot(page, locale, name);
  await expectNoAxeViolations(page);
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
        await expectScreenShown(page, locale, dir, route.name);
      }
    });

    test('renders signed in, with a title, the right direction and no axe violations', async ({
      page,
      request,
    }) => {
      await signInViaApi(page, request);
      for (const route of SIGNED_IN_SCREENS) {
        await page.goto(route.path);
        await settle(page);
        await expect(page).toHaveURL(new RegExp(`${route.path}$`));
        await expectScreenShown(page, locale, dir, route.name);
      }
      // The same screens on a desktop, for people to look at.
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const route of SIGNED_IN_SCREENS) {
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
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/home\/mine$/);
  await expect(page.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a new screen takes the focus to its heading, so a screen reader says where the user is', async ({
  page,
  request,
}) => {
  await openSignedIn(page, request, '/home');
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeFocused();
  await page.locator('.balance-card').getByRole('link', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/home\/withdraw$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Withdraw');
  // Back, by the browser's own history: the screen it leads to takes the focus too.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeFocused();
});

test('from 1024 px the tab bar is a side navigation, kept on the screens reached from the main ones, and Home and Withdraw have two columns', async ({
  page,
  request,
}) => {
  await openSignedIn(page, request, '/home');
  // On a phone: the tab bar floats along the bottom edge.
  const phoneBar = await page.locator('.tab-bar').boundingBox();
  expect(phoneBar && phoneBar.y + phoneBar.height).toBeCloseTo(812, 0);

  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = await page.locator('.tab-bar').boundingBox();
  const main = await page.locator('#main').boundingBox();
  // Beside the content, as tall as the window, with Home first.
  expect(nav && main && nav.x + nav.width <= main.x + 1).toBe(true);
  expect(nav?.height).toBeCloseTo(800, 0);
  const links = page.locator('.tab-bar .tab');
  const home = await page.getByRole('link', { name: 'Home' }).boundingBox();
  const invite = await links.first().boundingBox();
  expect(home && invite && home.y < invite.y).toBe(true);
  for (const path of ['/home', '/home/withdraw']) {
    await page.goto(path);
    await settle(page);
    const [first, second] = await Promise.all(
      [0, 1].map((n) => page.locator('.two-columns > .column').nth(n).boundingBox()),
    );
    expect(first && second && second.x >= first.x + first.width, `${path} has two columns`).toBe(true);
  }
  // The screens reached from a main screen keep the side navigation, with that main screen marked.
  const reachedFrom = [
    ['/history', 'Account'],
    ['/withdraw/status', 'Home'],
    ['/withdraw/kyc', 'Home'],
  ] as const;
  for (const [path, from] of reachedFrom) {
    await page.goto(path);
    await settle(page);
    await expect(
      page.getByRole('navigation', { name: 'Main' }),
      `${path} has the side navigation`,
    ).toBeVisible();
    const side = await page.locator('.tab-bar').boundingBox();
    const content = await page.locator('#main').boundingBox();
    expect(side && content && side.x + side.width <= content.x + 1, `${path} has the side navigation`).toBe(
      true,
    );
    await expect(page.getByRole('link', { name: from })).toHaveAttribute('aria-current', 'page');
  }
  // On a phone they have the whole screen, and their header's back button leads back.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Phone verification' })).toBeVisible();
});

/**
 * The headings and controls of `#main` in document order (the order a screen reader reads them and
 * Tab reaches them), with where each is drawn.
 */
async function readingOrder(page: Page) {
  return page.locator('#main').evaluate((main) =>
    [
      ...main.querySelectorAll<HTMLElement>(
        'h1, h2, h3, a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea',
      ),
    ]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { name: (element.textContent || element.outerHTML).trim().slice(0, 40), x: box.x, y: box.y };
      }),
  );
}

for (const { locale, browserLocale } of [
  { locale: 'en', browserLocale: 'en-US' },
  { locale: 'ar', browserLocale: 'ar-EG' },
]) {
  test.describe(`Withdraw in ${locale}`, () => {
    test.use({ locale: browserLocale });

    test('is read in the order it is shown, on a phone and in two columns', async ({ page, request }) => {
      await openSignedIn(page, request, '/home/withdraw');
      await expect(page.getByTestId('exchange-list')).toBeVisible();
      await screenshot(page, locale, 'withdraw-order');

      // One column: every heading and control comes after, never above, the one read before it.
      const phone = await readingOrder(page);
      expect(phone.length).toBeGreaterThan(5);
      const above = phone.filter((item, n) => n > 0 && item.y < phone[n - 1]!.y - 1);
      expect(above, 'shown above what is read before them').toEqual([]);

      // Two columns: the rules beside the form, what comes later under the form.
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, locale, 'withdraw-order-1280');
      const [first, rules, later] = await Promise.all(
        [
          page.locator('.two-columns > .column').nth(0),
          page.locator('.two-columns > .column').nth(1),
          page.locator('.column-later'),
        ].map((block) => block.boundingBox()),
      );
      expect(first && rules && later).toBeTruthy();
      expect(Math.abs(rules!.y - first!.y)).toBeLessThan(1);
      expect(Math.abs(later!.x - first!.x)).toBeLessThan(1);
      expect(later!.width).toBeCloseTo(first!.width, 0);
    });
  });
}
