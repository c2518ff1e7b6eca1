import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openSignedIn, screenshot, settle } from './support.ts';

// Text at twice its size (a phone's largest font setting, WCAG 1.4.4) on the narrowest phone Earnest
// is made for (360 px), in the language with the longest words (Russian) and in a right-to-left one:
// nothing runs out of the screen sideways, and the tab bar grows with its labels without hiding
// the end of the screen.

/** Doubles the root font size, as a phone's text size setting does (after each navigation). */
async function largeText(page: Page) {
  // Through the CSSOM: the Content Security Policy refuses an injected style sheet, as it should.
  await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%'));
}

// A phone's browser (isMobile) widens its layout to fit what overflows, and innerWidth with it:
// the screen's width is this number, not anything the page measures.
const WIDTH = 360;

/** Every visible element that reaches past the left or right edge of the screen, named. */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body) return false;
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        if (getComputedStyle(element).visibility === 'hidden') return false;
        return (rect.left < -1 || rect.right > width + 1) && !clipped(element);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
      );
  }, WIDTH);
}

async function expectFitsSideways(page: Page) {
  expect(await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth])).toEqual([
    WIDTH,
    WIDTH,
  ]);
  expect(await sidewaysOverflow(page)).toEqual([]);
}

for (const { locale, browserLocale } of [
  { locale: 'ru', browserLocale: 'ru-RU' },
  { locale: 'ar', browserLocale: 'ar-EG' },
]) {
  test.describe(`twice the text size at 360 px in ${locale}`, () => {
    test.use({ locale: browserLocale, viewport: { width: WIDTH, height: 740 } });

    test('the entry page fits the width of the screen', async ({ page }) => {
      for (const path of ['/', '/?tab=register']) {
        await page.goto(path);
        await settle(page);
        await largeText(page);
        await expectFitsSideways(page);
      }
      await screenshot(page, locale, 'entry-large-text');
    });

    test('Home fits the width of the screen, and the tab bar its labels, above the end of the screen', async ({
      page,
      request,
    }) => {
      await openSignedIn(page, request, '/home');
      await largeText(page);
      await expectFitsSideways(page);

      // Every label whole on the screen, the bar along the bottom edge.
      const { labels, bar, height } = await page.evaluate(() => ({
        labels: [...document.querySelectorAll('.tab-bar .tab')].map(
          (tab) => tab.getBoundingClientRect().toJSON() as DOMRect,
        ),
        bar: document.querySelector('.tab-bar')!.getBoundingClientRect().toJSON() as DOMRect,
        height: innerHeight,
      }));
      expect(labels).toHaveLength(3);
      for (const label of labels) {
        expect(label.bottom).toBeLessThanOrEqual(height);
        expect(label.left).toBeGreaterThanOrEqual(0);
        expect(label.right).toBeLessThanOrEqual(WIDTH);
      }
      expect(bar.bottom).toBeCloseTo(height, 0);
      await screenshot(page, locale, 'home-large-text');

      // The day's filters wrap onto as many lines as they need.
      await page.locator('.accept-card').getByRole('button').click();
      await expect(page.locator('.filters')).toBeVisible();
      await expectFitsSideways(page);

      // At the end of the screen the last card ends above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const { last, barTop } = await page.evaluate(() => ({
        last: document.querySelector('main')!.lastElementChild!.getBoundingClientRect().bottom,
        barTop: document.querySelector('.tab-bar')!.getBoundingClientRect().top,
      }));
      expect(last).toBeLessThanOrEqual(barTop);
    });
  });
}
