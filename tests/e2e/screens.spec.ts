import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations, screenshot, settle, SIGNED_IN_SCREENS, signInViaApi } from './support.ts';
import { targetSizeProblems } from './target-size.ts';

// A tour of every screen of the user app, in English, Arabic and Chinese, on a phone (375×812) and on
// a desktop (1280×800): a screenshot of each for people to look at, axe with no violation in English
// and Arabic, and every visible control big enough to hit with a finger (target-size.ts).

const SIGNED_OUT = [
  { path: '/', name: 'entry' },
  { path: '/?tab=register', name: 'register' },
  { path: '/landing', name: 'landing' },
  { path: '/link-device', name: 'link-device' },
  { path: '/transparency', name: 'transparency' },
];
const SIGNED_IN = [
  ...SIGNED_IN_SCREENS,
  { path: '/guide/address', name: 'guide-address' },
  { path: '/guide/withdraw', name: 'guide-withdraw' },
  { path: '/guide/interest', name: 'guide-interest' },
];
const VIEWPORTS = [
  { width: 375, height: 812, suffix: '' },
  { width: 1280, height: 800, suffix: '-1280' },
];

// Soft assertions: one run reports every screen's problems, and every screen gets its screenshot.
async function visit(page: Page, locale: string, name: string, withAxe: boolean) {
  await settle(page);
  await screenshot(page, locale, name);
  expect.soft(await targetSizeProblems(page), `controls smaller than 44×44 on ${name}`).toEqual([]);
  if (withAxe) expect.soft(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

for (const { locale, browserLocale } of [
  { locale: 'en', browserLocale: 'en-US' },
  { locale: 'ar', browserLocale: 'ar-EG' },
  { locale: 'zh-CN', browserLocale: 'zh-CN' },
]) {
  const withAxe = locale !== 'zh-CN';
  for (const viewport of VIEWPORTS) {
    test.describe(`every screen in ${locale} at ${viewport.width}×${viewport.height}`, () => {
      test.use({ locale: browserLocale, viewport: { width: viewport.width, height: viewport.height } });

      test('signed out', async ({ page }) => {
        for (const route of SIGNED_OUT) {
          await page.goto(route.path);
          await visit(page, locale, `${route.name}${viewport.suffix}`, withAxe);
        }
      });

      test('signed in', async ({ page, request }) => {
        await signInViaApi(page, request);
        for (const route of SIGNED_IN) {
          await page.goto(route.path);
          await visit(page, locale, `${route.name}${viewport.suffix}`, withAxe);
        }
        // A task's sheet, running: the rules, the kind's icon and the timer's ring.
        await page.goto('/home');
        await settle(page);
        // No withdrawal yet: the way to one is on Home (hidden while one is on its way: right-to-left.spec.ts).
        await expect(page.getByTestId('withdraw-wizard')).toBeVisible();
        await page.locator('.accept-card .btn-primary').click();
        await page.locator('[data-testid^="task-"]').first().click();
        await page.locator('dialog[open] .btn-primary').click();
        await expect(page.locator('.timer-ring')).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The sheet covers the screen: what the eye sees is the window, not the page below it.
        await page.screenshot({ path: `test-results/screens/${locale}/task-sheet${viewport.suffix}.png` });
        expect
          .soft(await targetSizeProblems(page), 'controls smaller than 44×44 on the task sheet')
          .toEqual([]);
        if (withAxe) expect.soft(await axeViolations(page), 'axe on the task sheet').toEqual([]);
      });
    });
  }
}

/** The contrast ratio of two CSS colours given as rgb()/rgba() (WCAG's relative luminance). */
function contrast(one: string, two: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test("every text box's edge stands out 3:1 from what it sits on, so a person with low vision finds it", async ({
  page,
  request,
}) => {
  await signInViaApi(page, request);
  for (const path of ['/home/mine', '/home/withdraw']) {
    await page.goto(path);
    await settle(page);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]), textarea')].map(
        (box) => {
          let under = box.parentElement;
          while (under && getComputedStyle(under).backgroundColor === 'rgba(0, 0, 0, 0)')
            under = under.parentElement;
          return {
            name: box.id || box.getAttribute('name') || box.outerHTML.slice(0, 60),
            edge: getComputedStyle(box).borderTopColor,
            under: under ? getComputedStyle(under).backgroundColor : 'rgb(255, 255, 255)',
          };
        },
      ),
    );
    expect(boxes.length, `text boxes on ${path}`).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(contrast(box.edge, box.under), `${box.name} on ${path}`).toBeGreaterThanOrEqual(3);
    }
  }
});

test('Landing: register and sign in above the fold on a phone, the kinds of tasks with their icons, no small user count', async ({
  page,
}) => {
  await page.goto('/landing');
  await settle(page);
  for (const id of ['landing-register', 'landing-sign-in']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box && box.y + box.height <= 812, `${id} is above the fold`).toBe(true);
  }
  await expect(page.locator('.task-types svg')).toHaveCount(6);
  // The test server has fewer accounts than LANDING_USERS_MIN (100 by default): no figure at all.
  await expect(page.getByTestId('stat-users')).toHaveCount(0);
  await page.getByTestId('landing-sign-in').click();
  await expect(page.getByRole('button', { name: 'Sign in', pressed: true })).toBeVisible();
});
