import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;

/** A username no other test uses. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid % 1000}${counter}`;
}

export const PASSWORD = 'secret12';

/**
 * Registers through the entry page, as a person would: with an invitation code when one is given, on
 * the server at `origin` when it is not the page's base URL.
 */
export async function registerInBrowser(
  page: Page,
  username: string,
  { inviteCode, origin = '' }: { inviteCode?: string; origin?: string } = {},
) {
  await page.goto(`${origin}${inviteCode ? `/?invite=${inviteCode}` : '/?tab=register'}`);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Register' }).last().click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs in on the entry page on screen, as a person would; what the app does next is the caller's to check. */
export async function signInOnEntryPage(page: Page, username: string, password = PASSWORD) {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).last().click();
}

/** Registers through the API and puts the session on this page's device (for screen tours). */
export async function signInViaApi(page: Page, request: APIRequestContext, username = uniqueName()) {
  const response = await request.post('/api/user/checkIn', {
    data: { tab: 'register', username, password: PASSWORD, confirm_password: PASSWORD },
  });
  const body = (await response.json()) as {
    data: { userInfo: { token: string; invite_code: string; account_id: string } };
  };
  const { token } = body.data.userInfo;
  await page.addInitScript((t) => window.localStorage.setItem('earnest.token', t), token);
  return {
    username,
    token,
    inviteCode: body.data.userInfo.invite_code,
    accountId: body.data.userInfo.account_id,
  };
}

/** Signs a new user in (as signInViaApi) and opens `path`, loaded: answers the user. */
export async function openSignedIn(page: Page, request: APIRequestContext, path: string) {
  const user = await signInViaApi(page, request);
  await page.goto(path);
  await settle(page);
  return user;
}

/** A deposit address of Kraken, an exchange the app supports: each user gives their own tag with it. */
export const KRAKEN = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';

/** Fills the Withdraw screen's address form, with the password, and asks to check and save it. */
export async function saveAddress(page: Page, address: string, tag: string) {
  await page.getByLabel('XRP deposit address').fill(address);
  await page.getByLabel('Destination tag').fill(tag);
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Check and save' }).click();
}

/**
 * Saves a withdrawal address from the Withdraw screen and confirms it: Kraken's, with a random tag (an
 * address and tag belong to the first account that saves them, and other tests save some too).
 */
export async function saveAnyAddress(page: Page) {
  await page.goto('/home/withdraw');
  await saveAddress(page, KRAKEN, String(Math.floor(Math.random() * 4_000_000_000)));
  await page.getByRole('button', { name: 'Save it' }).click();
}

/** Saves a screenshot where the team looks at them: test-results/screens/<locale>/<name>.png. */
export async function screenshot(page: Page, locale: string, name: string) {
  mkdirSync(`test-results/screens/${locale}`, { recursive: true });
  await page.screenshot({ path: `test-results/screens/${locale}/${name}.png`, fullPage: true });
}

/** Every axe violation on the page, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Runs axe on the page and fails on any violation, listing them readably. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The screens of a signed-in user that every tour of the app visits, with their names. */
export const SIGNED_IN_SCREENS = [
  { path: '/home', name: 'home' },
  { path: '/home/mine', name: 'mine' },
  { path: '/home/withdraw', name: 'withdraw' },
  { path: '/home/invite', name: 'invite' },
  { path: '/withdraw/status', name: 'withdraw-status' },
  { path: '/withdraw/kyc', name: 'withdraw-kyc' },
  { path: '/history', name: 'history' },
];

/** Waits until a screen has loaded: the network quiet, nothing busy, its heading shown. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}
