import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInViaApi } from './support.ts';

// The boot snapshot (src/app/lib/boot-snapshot.ts): a repeat visit of Home renders the account's last
// known balance before any answer of the server, and no other account ever reads it.

const SNAPSHOT_KEY = 'earnest.boot-snapshot';

/** Visits Home with the server answering, until the account's snapshot is on the device. */
async function visitHome(page: Page) {
  await page.goto('/home');
  await expect(page.getByTestId('home-balance')).not.toHaveText('…');
  await expect
    .poll(() =>
      page.evaluate((key) => localStorage.getItem(key)?.includes('"balance"') ?? false, SNAPSHOT_KEY),
    )
    .toBe(true);
  return (await page.getByTestId('home-balance').textContent()) ?? '';
}

/** No API answers from now on: whatever Home shows comes from the device. */
async function holdTheApi(page: Page) {
  await page.route('**/api/**', () => undefined);
}

test('a repeat visit renders the balance before any answer of the server', async ({ page, request }) => {
  await signInViaApi(page, request);
  const balance = await visitHome(page);

  await holdTheApi(page);
  await page.reload();
  await expect(page.getByTestId('home-balance')).toHaveText(balance);
});

test("another account on the same device never sees the first one's snapshot", async ({ page, request }) => {
  const alice = await signInViaApi(page, request);
  await visitHome(page);

  // Bob signs in on this device (his session replaces Alice's, as a switch does).
  const bob = await signInViaApi(page, request);
  await holdTheApi(page);
  await page.evaluate((account) => localStorage.setItem('earnest.account', account), bob.accountId);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Daily tasks' })).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveCount(0);
  // Dropped on sight: Alice's figures are no longer on the device in it.
  expect(await page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY)).toBeNull();
  expect(alice.username).not.toBe(bob.username);
});

test('signing out forgets the snapshot', async ({ page, request }) => {
  await signInViaApi(page, request);
  await visitHome(page);
  await page.goto('/home/mine');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY)).toBeNull();
});
