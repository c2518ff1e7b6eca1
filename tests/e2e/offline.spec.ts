import { cpSync, mkdtempSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startFlakyProxy, type FlakyProxy, type ProxyMode } from '#tests/helpers/flaky-proxy.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import {
  completeInSheet,
  fireSync,
  keptEntries,
  ledgerOf,
  openApp,
  persistedCacheHas,
  setUpUser,
  shownXrp,
} from './offline-support.ts';
import { PASSWORD, registerInBrowser, screenshot, signInOnEntryPage } from './support.ts';
import { API, TOKEN_HEADER } from '#contract/paths.ts';

// The sync rule (docs/product-rules.md#sync-rule) on a flaky connection: the browser reaches the app only through a proxy that the test
// can cut, so the service worker meets the failures a phone meets. Each Playwright worker has its own
// server (PostgreSQL, 3 tasks a day of 1 s each) serving its own copy of the build, which the update
// journey changes.

test.use({ serviceWorkers: 'allow' });

let server: TestServer;
let proxy: FlakyProxy;
let distDir: string;

test.beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'earnest-dist-'));
  cpSync('dist', distDir, { recursive: true });
  server = await startTestServer({ DEMO_TASK_SECONDS: '1', TASKS_PER_DAY: '3', DIST_DIR: distDir });
  proxy = await startFlakyProxy(server.url);
});

test.afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

test.beforeEach(() => proxy.setMode('pass'));

/** The kinds of the user's ledger entries, oldest first. */
const kindsOf = async (username: string) =>
  (await ledgerOf(server.db, username)).entries.map((entry) => entry.kind);

/** Task rows marked "waiting to sync" (not done: nothing is credited until the server confirms). */
/** A user set up as asked (the catalog day to start on, an address), at Home with the day's three tasks. */
async function atHome(page: Page, setUp: Parameters<typeof setUpUser>[2]) {
  const user = await setUpUser(server.url, server.db, setUp);
  await openApp(page, proxy.url, user);
  await expect(page.locator('[data-testid^="task-"]')).toHaveCount(3);
  return user;
}

/** A user at home who completes each of their `started` tasks while the proxy is in `mode`. */
async function completedWhile(page: Page, mode: ProxyMode, started: number) {
  const user = await atHome(page, { start: started });
  proxy.setMode(mode);
  for (let row = 0; row < started; row += 1) await completeInSheet(page, row);
  return user;
}

const waitingRows = (page: Page) => page.locator('[data-testid^="task-"]', { hasText: 'Waiting to sync' });

test('offline, the app opens with the last data, and queued completions and a claim are credited once', async ({
  context,
  page,
}) => {
  const user = await atHome(page, { start: 3, address: true });
  await expect(page.getByTestId('home-balance')).toHaveText('30 XRP');
  // Mine is read once online too, so its data is on the device.
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByTestId('balance')).toHaveText('30 XRP');
  // So is Withdraw.
  await page.goto(`${proxy.url}/home/withdraw`);
  await expect(page.getByTestId('withdraw-rules')).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByTestId('balance')).toHaveText('30 XRP');
  // The persisted cache is written in batches: wait until Mine's and Withdraw's data are on the device.
  await expect.poll(() => persistedCacheHas(page, '"userInfo"')).toBe(true);
  await expect.poll(() => persistedCacheHas(page, '"rules"')).toBe(true);
  // The saved address too: the offline withdraw screen below shows it with its disabled button.
  await expect.poll(() => persistedCacheHas(page, '"address"')).toBe(true);

  // 1. No server at all: a reload opens the app from the device, with the data marked as offline.
  proxy.setMode('down');
  await page.reload();
  const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
  await expect(page.getByTestId('offline-banner')).toContainText(`last synced ${today}`);
  await expect(page.getByTestId('balance')).toHaveText('30 XRP');
  for (const [tab, heading] of [
    ['Invite', 'Invite'],
    ['Home', 'Daily tasks'],
  ] as const) {
    await page.getByRole('link', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
  }
  await page.goto(`${proxy.url}/home/withdraw`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The withdraw screen offline: what was last read, and plainly when its actions work — never a skeleton.
  await expect(page.getByTestId('withdraw-offline')).toContainText('available when you are back online');
  await expect(page.getByTestId('withdraw-rules')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw all XRP' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Change address' })).toBeDisabled();
  await screenshot(page, 'en', 'offline-withdraw');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('[data-testid^="task-"]')).toHaveCount(3);
  await screenshot(page, 'en', 'offline-home');

  // 2. Three completions and the interest claim, made offline, wait; nothing is credited yet.
  for (let row = 0; row < 3; row++) await completeInSheet(page, row);
  await expect(waitingRows(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Claim interest' }).click();
  await expect(page.getByTestId('interest-waiting')).toBeVisible();
  await expect(page.getByTestId('sync-waiting')).toContainText('4 actions are waiting to sync');
  await expect(page.getByText('Claiming...')).toHaveCount(0);
  await screenshot(page, 'en', 'offline-waiting');
  expect(await kindsOf(user.username)).toEqual(['gift']);

  // The network returns and the browser fires the sync event: each is credited exactly once.
  proxy.setMode('pass');
  await fireSync(context, page);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('interest-card')).toContainText('Claimed today');
  await expect(waitingRows(page)).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  const ledger = await ledgerOf(server.db, user.username);
  expect(ledger.count('task')).toBe(3);
  expect(ledger.count('interest')).toBe(1);
  expect(ledger.entries).toHaveLength(5);
  await expect(page.getByTestId('home-balance')).toHaveText(shownXrp(ledger.total));
});

test('a reply lost after the server committed is replayed without crediting twice', async ({ page }) => {
  const user = await completedWhile(page, 'drop-api-replies', 1);
  // The device could not know that the server credited it: the action waits to sync (the task itself
  // shows as done once the list is read again, because the server says so).
  await expect(page.getByTestId('sync-waiting')).toContainText('1 action is waiting to sync');
  expect(proxy.droppedReplies).toContain('/api/task/complete');
  expect((await ledgerOf(server.db, user.username)).count('task')).toBe(1);

  proxy.setMode('pass');
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'replay' }));
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: 15_000 });
  await expect(waitingRows(page)).toHaveCount(0);
  const ledger = await ledgerOf(server.db, user.username);
  expect(ledger.entries.map((entry) => entry.kind)).toEqual(['gift', 'task']);
  await expect(page.getByTestId('home-balance')).toHaveText(shownXrp(ledger.total));
});

test('queued actions wait through a revoked session and go through once after signing in again', async ({
  context,
  page,
}) => {
  const user = await completedWhile(page, 'api-down', 2);
  await expect(page.getByTestId('sync-waiting')).toContainText('2 actions are waiting to sync');

  // The session is revoked elsewhere while the actions wait.
  await fetch(`${server.url}/api/user/logout`, { method: 'POST', headers: { [TOKEN_HEADER]: user.token } });
  proxy.setMode('pass');
  await fireSync(context, page);
  await expect(page.getByTestId('sync-needs-sign-in')).toContainText('2 actions saved on this device', {
    timeout: 15_000,
  });
  expect(await kindsOf(user.username)).toEqual(['gift']);

  // The app learns the session is gone, sends the user to sign in, and the queue is still there.
  await page.reload();
  await expect(page).toHaveURL(/\/\?/);
  await expect(page.getByTestId('sync-needs-sign-in')).toBeVisible();
  await signInOnEntryPage(page, user.username);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: 15_000 });
  const ledger = await ledgerOf(server.db, user.username);
  expect(ledger.count('task')).toBe(2);
  expect(ledger.entries).toHaveLength(3);
});

test('an action sent online just after the session ended waits for the sign-in and is credited once', async ({
  page,
}) => {
  const user = await atHome(page, { start: 1 });
  // Signed out from another device while this one is open and online: its next action meets the end.
  await fetch(`${server.url}/api/user/logout`, { method: 'POST', headers: { [TOKEN_HEADER]: user.token } });
  await completeInSheet(page, 0);
  await expect(page).toHaveURL(/\/\?/);
  await expect(page.getByTestId('sync-needs-sign-in')).toHaveText(
    '1 action saved on this device will be sent after you sign in again.',
  );
  await screenshot(page, 'en', 'sync-needs-sign-in');
  expect(await kindsOf(user.username)).toEqual(['gift']);

  await signInOnEntryPage(page, user.username);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: 15_000 });
  expect(await kindsOf(user.username)).toEqual(['gift', 'task']);
});

test("a new account that takes a deleted account's name on this device gets nothing the device kept for the old one", async ({
  context,
  page,
}) => {
  // The first account: its gift credited and on the device's copy, a task completion kept offline.
  const first = await atHome(page, { start: 1 });
  await expect(page.getByTestId('home-balance')).toHaveText('30 XRP');
  await expect.poll(() => persistedCacheHas(page, first.username)).toBe(true);
  proxy.setMode('api-down');
  await completeInSheet(page, 0);
  await expect(page.getByTestId('sync-waiting')).toContainText('1 action is waiting to sync');

  // Deleted from another device while the completion waits: its replay meets the ended session.
  const deleted = await fetch(`${server.url}${API.deleteAccount}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: first.token },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(deleted.status).toBe(200);
  proxy.setMode('pass');
  await fireSync(context, page);
  // Its replay meets the ended session, which says the account was deleted: what the device kept
  // for it can never go through, so it is dropped rather than promised "after you sign in again".
  await expect.poll(() => keptEntries(page), { timeout: 15_000 }).toEqual([]);
  await expect(page.getByTestId('sync-needs-sign-in')).toHaveCount(0);
  // The reload meets the same answer: the entry page says the account was deleted.
  await page.reload();
  await expect(page).toHaveURL(/\/\?notice=account_deleted$/);
  await expect(page.getByRole('alert')).toHaveText('This account was deleted on another device');
  await expect(page.getByTestId('sync-needs-sign-in')).toHaveCount(0);

  // Someone registers the same name on this device. Every balance Home shows is recorded.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { balancesSeen: seen });
    new MutationObserver(() => {
      const balance = document.querySelector('[data-testid="home-balance"]')?.textContent;
      if (balance && seen.at(-1) !== balance) seen.push(balance);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await registerInBrowser(page, first.username, { origin: proxy.url });
  await page.getByTestId('welcome').getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('home-balance')).toHaveText('0 XRP');
  // Never the old account's 30 XRP, not even for a moment before the server's answer.
  expect(
    await page.evaluate(() => (window as unknown as { balancesSeen: string[] }).balancesSeen),
  ).not.toContain('30 XRP');

  // The new account's own kept action goes through, and nothing of the old account's reaches it.
  proxy.setMode('api-down');
  await page.getByRole('button', { name: 'Claim the gift' }).click();
  await expect(page.getByTestId('sync-waiting')).toContainText('1 action is waiting to sync');
  proxy.setMode('pass');
  await fireSync(context, page);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: 15_000 });
  expect(await kindsOf(first.username)).toEqual(['gift']);
  expect(await keptEntries(page)).toEqual([]);
});

test('a replay the server refuses for good is shown with its reason and leaves the queue', async ({
  context,
  page,
}) => {
  const user = await completedWhile(page, 'api-down', 1);
  await expect(waitingRows(page)).toHaveCount(1);

  const taskId = user.tasks[0]?.id;
  await server.db.query('update tasks set enabled = false where id = $1', [taskId]);
  try {
    proxy.setMode('pass');
    await fireSync(context, page);
    const rejected = page.getByTestId('sync-rejected');
    await expect(rejected).toContainText('Task does not exist or is disabled', { timeout: 15_000 });
    await expect(rejected).toContainText('nothing was credited');
    await expect(page.getByTestId('sync-waiting')).toHaveCount(0);
    await screenshot(page, 'en', 'offline-rejected');
    expect(await kindsOf(user.username)).toEqual(['gift']);
    await rejected.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('sync-status')).toHaveCount(0);
  } finally {
    await server.db.query('update tasks set enabled = true where id = $1', [taskId]);
  }
});

test('an update waits for the user, and queued actions survive it', async ({ context, page }) => {
  const user = await completedWhile(page, 'api-down', 1);
  await expect(waitingRows(page)).toHaveCount(1);

  // A new build is deployed (its worker differs by a byte).
  appendFileSync(join(distDir, 'sw.js'), `\n// build ${Date.now()}\n`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('A new version of Earnest is available.');
  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
  await prompt.getByRole('button', { name: 'Update now' }).click();
  await page.waitForFunction(() => !('beforeUpdate' in window));
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBeNull();

  // The waiting completion came through the update, and is credited once when the API is back.
  await expect(waitingRows(page)).toHaveCount(1);
  proxy.setMode('pass');
  await fireSync(context, page);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: 15_000 });
  expect(await kindsOf(user.username)).toEqual(['gift', 'task']);
});
