import { expect, test } from './fixtures.ts';
import { registerInBrowser, signInOnEntryPage, uniqueName } from './support.ts';

test.describe('first visit', () => {
  test.use({ locale: 'fr-FR' });
  test('picks the browser language', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: /^Langue/ })).toBeVisible();
  });
});

test.describe('an unsupported browser language', () => {
  test.use({ locale: 'de-DE' });
  test('falls back to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('switching to Arabic turns the app right-to-left and is kept on the device and the account', async ({
  page,
  browser,
}) => {
  const username = uniqueName('arabic');
  await registerInBrowser(page, username);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('button', { name: 'العربية' }).click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page).toHaveTitle(/ · Earnest$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Account');
  // The tab bar mirrors: in RTL the first tab (Invite) sits on the right.
  const tabs = page.locator('.tab-bar .tab');
  const first = await tabs.nth(0).boundingBox();
  const last = await tabs.nth(2).boundingBox();
  expect(first && last && first.x > last.x).toBe(true);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // Another device, English browser: signing in brings the account's language.
  const other = await browser.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  await second.goto('/');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await signInOnEntryPage(second, username);
  await expect(second).toHaveURL(/\/home$/);
  await expect(second.locator('html')).toHaveAttribute('dir', 'rtl');
  await other.close();
});

test('the language can be changed before signing in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
