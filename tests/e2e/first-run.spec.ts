import { expect, test } from './fixtures.ts';
import { registerInBrowser, screenshot, signInOnEntryPage, uniqueName } from './support.ts';

// The first run: a short welcome shown once per account (the account keeps it, not the device),
// nothing that acts by itself, and a small celebration when something is earned.

test('the welcome shows once per account, can be skipped, and nothing on Home acts by itself', async ({
  page,
  browser,
}) => {
  await page.clock.install();
  const username = uniqueName('welcome');
  await registerInBrowser(page, username);
  const welcome = page.getByTestId('welcome');
  await expect(welcome.getByRole('heading')).toHaveText('Welcome to Earnest');
  await welcome.getByRole('button', { name: 'Next' }).click();
  await expect(welcome.getByRole('heading')).toHaveText('How it pays');
  await welcome.getByRole('button', { name: 'Next' }).click();
  await expect(welcome.getByRole('heading')).toHaveText('The wait');
  await expect(welcome).toContainText('waiting period of 30 days');
  await screenshot(page, 'en', 'home-welcome');

  // A minute passes: the gift and the day's challenge still wait for a tap.
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('gift-card').getByRole('button', { name: 'Claim the gift' })).toBeEnabled();
  await expect(page.getByRole('button', { name: "Accept today's challenge" })).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveText('0 XRP');

  // The account keeps it once the server has answered (a reload before that may come first).
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/account/welcomed') && r.ok());
  await welcome.getByRole('button', { name: 'Start earning' }).click();
  await expect(welcome).toHaveCount(0);
  await kept;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Daily tasks' })).toBeVisible();
  await expect(page.getByTestId('welcome')).toHaveCount(0);

  // Another device of the same account: the account has seen it already.
  const other = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const second = await other.newPage();
  await second.goto('/');
  await signInOnEntryPage(second, username);
  await expect(second.getByRole('heading', { name: 'Daily tasks' })).toBeVisible();
  await expect(second.getByTestId('gift-card')).toBeVisible();
  await expect(second.getByTestId('welcome')).toHaveCount(0);
  await other.close();
});

test('claiming the gift celebrates, unless the device asks for reduced motion; the toast stays with its screen', async ({
  page,
}) => {
  await registerInBrowser(page, uniqueName('party'));
  await page.getByTestId('welcome').getByRole('button', { name: 'Skip' }).click();
  // Watched from before the click: the celebration is on screen for little more than a second, which
  // a look taken after the click's answer can miss on a busy machine.
  const celebrated = page.getByTestId('celebration').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Claim the gift' }).click();
  await celebrated;
  // The amount sits between Unicode isolates (lib/bidi.ts), so that Arabic keeps it in order.
  await expect(page.locator('.toaster')).toContainText('Gift claimed: \u2066+30 XRP\u2069');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: "Accept today's challenge" }).click();
  // The shortest task (a survey of 10 s): its time must really pass, the server checks it too.
  await page.locator('[data-testid^="task-"]', { hasText: '10 seconds' }).first().click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: 'Start the task' }).click();
  await expect(sheet.getByTestId('task-timer')).toBeVisible();
  for (const group of await sheet.locator('fieldset').all()) await group.locator('label').first().click();
  await sheet.getByRole('button', { name: 'Complete the task' }).click({ timeout: 20_000 });
  await expect(page.locator('.toaster')).toContainText('Task done');
  // One toast at a time, below the screen's title, and it belongs to this screen: leaving clears it.
  await expect(page.locator('.toast')).toHaveCount(1);
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  const toast = await page.locator('.toast').boundingBox();
  expect(title && toast && toast.y >= title.y + title.height).toBe(true);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/home\/mine$/);
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page.getByTestId('celebration')).toBeAttached();
  await expect(page.getByTestId('celebration')).toBeHidden();
});

test('a task sheet, closed, gives the focus back to its task, not to the top of the page', async ({
  page,
}) => {
  await registerInBrowser(page, uniqueName('sheet'));
  await page.getByTestId('welcome').getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: "Accept today's challenge" }).click();
  const task = page.locator('[data-testid^="task-"]').first();
  await task.click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  // The sheet goes away with its owner's state (it is unmounted, never told to close).
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(task).toBeFocused();
});

test('a card that goes once done or claimed hands the focus on to the next card, not to the top of the page', async ({
  page,
}) => {
  await registerInBrowser(page, uniqueName('handoff'));
  const welcome = page.getByTestId('welcome');
  // By keyboard, as a screen reader user would: the next card is where the focus goes on from.
  await welcome.getByRole('button', { name: 'Skip' }).press('Enter');
  await expect(welcome).toHaveCount(0);
  const claimGift = page.getByRole('button', { name: 'Claim the gift' });
  await expect(claimGift).toBeFocused();

  await claimGift.press('Enter');
  await expect(page.getByTestId('gift-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: "Today's challenge" })).toBeFocused();

  await page.getByRole('button', { name: "Accept today's challenge" }).press('Enter');
  await expect(page.locator('.accept-card')).toHaveCount(0);
  await expect(page.locator('.task-section :focus')).toHaveCount(1);
});
