import { expect, type BrowserContext, type Page } from '@playwright/test';
import type pg from 'pg';
import { formatAmount } from '#domain/money/amount.ts';
import { PASSWORD, uniqueName } from './support.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

// Helpers for the offline journeys: users set up through the API, the app opened through the flaky
// proxy with its service worker in control, and the ledger read straight from the database.

export interface TestUser {
  username: string;
  token: string;
}

async function call(base: string, path: string, token: string | null, body: unknown = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: Record<string, unknown> };
  if (envelope.code !== 1) throw new Error(`${path} failed: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Registers `username` through the API; answers the new session's token. */
export async function registerViaApi(base: string, username: string): Promise<string> {
  const data = await call(base, '/api/user/checkIn', null, {
    tab: 'register',
    username,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  return (data['userInfo'] as { token: string }).token;
}

export interface DayTask {
  id: number;
  questions: { id: string; options: { id: string }[] }[];
}

/**
 * A new user who has claimed the gift, accepted the day and started `start` of its tasks (the server records the
 * start, which completion needs), and, with `address`, saved a withdrawal address.
 */
export async function setUpUser(
  base: string,
  db: pg.Client,
  { start = 0, address = false }: { start?: number; address?: boolean } = {},
): Promise<TestUser & { tasks: DayTask[] }> {
  const username = uniqueName('offline');
  const token = await registerViaApi(base, username);
  // The gift is claimed up front, so that the home screen starts at the tasks.
  await fetch(`${base}/api/user/newUserReward`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token, 'idempotency-key': `gift-${username}` },
  });
  const day = await call(base, '/api/task/accept?locale=en', token);
  const tasks = day['tasks'] as DayTask[];
  for (const task of tasks.slice(0, start)) await call(base, '/api/task/start', token, { task_id: task.id });
  if (address) {
    // Written straight into the database: the journeys that use it test the queue, not the address form.
    await db.query(
      `insert into withdraw_addresses (user_id, address, tag, created_at)
       select id, $2, '1', now() from users where username_key = $1`,
      [username.toLowerCase(), `rOffline${username}`],
    );
  }
  return { username, token, tasks };
}

/** The user's ledger entries by kind, and whether the cached balance equals their sum. */
export async function ledgerOf(db: pg.Client, username: string) {
  const { rows } = await db.query<{ kind: string; reference: string; amount: string }>(
    `select l.kind, l.reference, l.amount::text from ledger_entries l join users u on u.id = l.user_id
      where u.username_key = $1 order by l.id`,
    [username.toLowerCase()],
  );
  const { rows: balance } = await db.query<{ balance: string }>(
    `select balance::text from users where username_key = $1`,
    [username.toLowerCase()],
  );
  const total = rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
  expect(BigInt(balance[0]?.balance ?? '-1')).toBe(total);
  const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
  return { entries: rows, total, count };
}

/**
 * Puts the user's session on the device and opens the app (by default with the service worker in
 * control). The device names the account by its name, as a session kept from the release before
 * accounts had their lasting id: the app moves what it keeps to the id once it reads the user info.
 */
export async function openApp(
  page: Page,
  base: string,
  user: TestUser,
  path = '/home',
  { worker = true } = {},
) {
  await page.addInitScript(
    ([token, account]) => {
      if (!localStorage.getItem('earnest.seeded')) {
        localStorage.setItem('earnest.token', token);
        localStorage.setItem('earnest.account', account);
        localStorage.setItem('earnest.seeded', '1');
      }
    },
    [user.token, user.username.toLowerCase()] as const,
  );
  await page.goto(`${base}${path}`);
  if (worker) await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The page's service worker registration, as the DevTools Protocol names it, on a fresh CDP session. */
export async function workerRegistration(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const [registration] = await registrations;
  if (!registration) throw new Error('no service worker registration');
  return { cdp, registrationId: registration.registrationId, origin: new URL(registration.scopeURL).origin };
}

/** Fires the queue's Background Sync event the way the browser does when the network returns. */
export async function fireSync(context: BrowserContext, page: Page) {
  const { cdp, registrationId, origin } = await workerRegistration(context, page);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag: 'earnest-queue',
    lastChance: false,
  });
  await cdp.detach();
}

/** Completes a started task in its sheet, as a person would. */
export async function completeInSheet(page: Page, row: number) {
  await page.locator('[data-testid^="task-"]').nth(row).click();
  const sheet = page.getByRole('dialog');
  for (const group of await sheet.locator('fieldset').all()) await group.locator('label').first().click();
  const complete = sheet.getByRole('button', { name: 'Complete the task' });
  await expect(complete).toBeEnabled({ timeout: 10_000 });
  await complete.click();
  await expect(sheet).toHaveCount(0);
}

/** An amount as the app shows it in English, to the drop ("6.000821 XRP"). */
export function shownXrp(amount: bigint): string {
  const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(
    formatAmount(amount) as Intl.StringNumericLiteral,
  );
  return `${number} XRP`;
}

/** Whether the query cache kept on the device (IndexedDB) holds `text` yet. */
export function persistedCacheHas(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('earnest-query-cache');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      if (!db.objectStoreNames.contains('clients')) return false;
      const kept = await new Promise<unknown[]>((resolve, reject) => {
        const reading = db.transaction('clients').objectStore('clients').getAll();
        reading.onsuccess = () => resolve(reading.result);
        reading.onerror = () => reject(reading.error);
      });
      return JSON.stringify(kept).includes(wanted);
    } finally {
      db.close();
    }
  }, text);
}

/** What the service worker keeps in its queue on this device (sw/queue-store.ts), oldest first. */
export function keptEntries(page: Page): Promise<{ account: string; kind: string; state: string }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('earnest-sync-queue');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      const kept = await new Promise<{ account: string; kind: string; state: string; seq: number }[]>(
        (resolve, reject) => {
          const reading = db.transaction('entries').objectStore('entries').getAll();
          reading.onsuccess = () => resolve(reading.result as never);
          reading.onerror = () => reject(reading.error);
        },
      );
      return kept.sort((a, b) => a.seq - b.seq).map(({ account, kind, state }) => ({ account, kind, state }));
    } finally {
      db.close();
    }
  });
}
