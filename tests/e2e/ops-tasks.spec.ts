import { LOCALES, type Locale } from '#domain/i18n/locales.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { signInNewOperator } from './ops-support.ts';
import { screenshot, signInViaApi, uniqueName } from './support.ts';

// The console's tasks and settings (docs/operators.md#tasks, #settings): a task written in the 11
// languages is switched on, done by a user under version 1, then edited; the user still sees (and was
// credited) version 1's terms, while a day accepted after the edit gets version 2. A setting changed
// "now" reaches the users' rules a few seconds later. Each test has a server of its own: a new task and
// a changed rule would change what the other journeys of the worker's server expect.

let server: TestServer;
test.beforeEach(async () => {
  server = await startTestServer();
});
test.afterEach(async () => {
  await server.stop();
});

const TITLES: Record<Locale, string> = {
  'zh-CN': '阅读 Earnest 如何付款',
  en: 'Read how Earnest pays',
  ar: 'اقرأ كيف يدفع Earnest',
  id: 'Baca cara Earnest membayar',
  fr: 'Lisez comment Earnest paie',
  es: 'Lee cómo paga Earnest',
  ru: 'Прочитайте, как платит Earnest',
  tr: 'Earnest’in nasıl ödediğini okuyun',
  az: 'Earnest-in necə ödədiyini oxuyun',
  uk: 'Прочитайте, як платить Earnest',
  pt: 'Leia como o Earnest paga',
};

test('a task made in 11 languages and edited keeps version 1 for the user who did it', async ({
  page,
  browser,
}) => {
  const { name } = await signInNewOperator(page, server, 'admin', 'opst');
  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  // The demo catalog: ten tasks on, the notification task off.
  await expect(page.locator('tr[data-task-id]')).toHaveCount(11);

  // Version 1, written in every language; the form names the one still missing.
  const mark = uniqueName('');
  const title = (locale: Locale) => `${TITLES[locale]} ${mark}`;
  await page.getByRole('button', { name: 'New task' }).click();
  await page.getByLabel('Reward (XRP)').fill('1');
  await page.getByLabel('Time required (seconds)').fill('1');
  for (const locale of LOCALES) {
    if (locale === 'uk') continue;
    await page.locator(`[data-field="${locale}-title"]`).fill(title(locale));
    await page.locator(`#task-text-${locale}`).fill(`${TITLES[locale]}.`);
  }
  await expect(page.getByText('Missing (1): Українська.')).toBeVisible();
  await screenshot(page, 'en', 'ops-task-form-375');
  await page.locator('[data-field="uk-title"]').fill(title('uk'));
  await page.locator('#task-text-uk').fill(`${TITLES.uk}.`);
  await expect(page.getByText('Every language has a title and a text.')).toBeVisible();
  await page.getByRole('button', { name: 'Create task' }).click();

  const row = page.locator('tr[data-task-id]', { hasText: title('en') });
  await expect(row).toContainText('Off');
  await expect(row).toContainText('All 11 languages');
  await expect(row).toContainText('v1');
  await row.getByRole('button', { name: 'Switch on' }).click();
  await expect(row).toContainText('On');
  await row.getByRole('button', { name: `Move “${title('en')}” up` }).click();
  await expect(page.locator('tr[data-task-id]').nth(10)).toContainText(title('en'));
  const taskId = Number(await row.getAttribute('data-task-id'));
  // The ten demo tasks fill the day's count: one is switched off to make room.
  const first = page.locator('tr[data-task-id]').first();
  await first.getByRole('button', { name: 'Switch off' }).click();
  await expect(first).toContainText('Off');

  // A user accepts the day (version 1 is pinned) and completes the task.
  const userPage = await browser.newPage({ viewport: { width: 375, height: 812 }, baseURL: server.url });
  const user = await signInViaApi(userPage, userPage.request);
  const call = async (path: string, data: object, key?: string) =>
    (await (
      await userPage.request.post(`${server.url}${path}`, {
        data,
        headers: { [TOKEN_HEADER]: user.token, ...(key ? { 'idempotency-key': key } : {}) },
      })
    ).json()) as { code: number; data: Record<string, unknown> };
  const day = await call('/api/task/accept?locale=en', {});
  expect((day.data['tasks'] as { id: number }[]).map((task) => task.id)).toContain(taskId);
  await call('/api/task/start', { task_id: taskId });
  // Polled until the second has passed; a refused try's answer is kept for its key, so each try has its own.
  let attempt = 0;
  await expect(async () => {
    attempt += 1;
    const done = await call('/api/task/complete', { task_id: taskId }, `v1-${taskId}-${attempt}`);
    expect(done.data).toMatchObject({ reward: '1' });
  }).toPass({ timeout: 10_000 });

  // The operator edits it: version 2 pays more, takes longer and reads differently.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByText('Saving makes version 2.', { exact: false })).toBeVisible();
  await page.getByLabel('Reward (XRP)').fill('1.5');
  await page.getByLabel('Time required (seconds)').fill('60');
  await page.locator('[data-field="en-title"]').fill(`Version 2 ${mark}`);
  await page.getByLabel('Reason (kept in the audit log)').fill('a longer read');
  await page.getByRole('button', { name: 'Save as version 2' }).click();
  const edited = page.locator(`tr[data-task-id="${taskId}"]`);
  await expect(edited).toContainText('v2');
  await expect(edited).toContainText('1.5 XRP');

  // The user who did version 1 still sees version 1: its words, its reward, done.
  await userPage.goto(`${server.url}/home`);
  const done = userPage.getByTestId(`task-${taskId}`);
  await expect(done).toContainText(title('en'));
  await expect(done).toContainText('+1 XRP');
  await expect(done).not.toContainText('1.5');
  await screenshot(userPage, 'en', 'ops-task-user-keeps-v1-375');
  const { rows } = await server.db.query<{ balance: string }>(
    `select balance::text from users where username_key = $1`,
    [user.username.toLowerCase()],
  );
  expect(rows[0]?.balance).toBe('10000000');
  // A day accepted now pins version 2.
  const other = await signInViaApi(userPage, userPage.request);
  const fresh = (await (
    await userPage.request.post(`${server.url}/api/task/accept?locale=en`, {
      headers: { [TOKEN_HEADER]: other.token },
    })
  ).json()) as { data: { tasks: { id: number; reward: string; title: string }[] } };
  expect(fresh.data.tasks.find((task) => task.id === taskId)).toMatchObject({
    reward: '1.5',
    title: `Version 2 ${mark}`,
  });
  await userPage.close();

  // The audit log has each step with its before and after.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const mine = page.getByRole('row').filter({ hasText: name });
  await expect(mine.filter({ hasText: 'a longer read' })).toHaveCount(1);

  // The pages in English and Arabic, on a phone and a desktop.
  for (const locale of ['en', 'ar'] as const) {
    await page.setViewportSize({ width: 375, height: 812 });
    if (locale === 'ar') await page.getByLabel('Language').selectOption('ar');
    await page.goto(`${server.url}/ops/tasks`);
    await expect(page.locator(`tr[data-task-id="${taskId}"]`)).toBeVisible();
    await screenshot(page, locale, 'ops-tasks-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, locale, 'ops-tasks-1280');
    await page.locator(`tr[data-task-id="${taskId}"]`).getByRole('button').nth(2).click();
    await expect(page.locator('#task-text-ar')).toBeVisible();
    await screenshot(page, locale, 'ops-task-form-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, locale, 'ops-task-form-375');
  }
});

test('a setting changed now reaches the rules users read, and is listed with its time', async ({ page }) => {
  await signInNewOperator(page, server, 'admin', 'opss');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const minimum = page.locator('tr[data-setting="min_withdrawal_xrp"]');
  await expect(minimum.locator('[data-current]')).toHaveText('100 XRP');

  await page.getByLabel('Setting', { exact: true }).selectOption('min_withdrawal_xrp');
  await page.getByLabel('New value').fill('120');
  await page.getByLabel('Reason (kept in the audit log)').fill('fees went up');
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText('120 XRP');

  // In force a few seconds later, for everyone: the public rules (Landing, Withdraw) read it.
  await expect(async () => {
    const settings = (await (await page.request.get(`${server.url}/api/other/getCustomSettings`)).json()) as {
      data: { min_withdrawal: string };
    };
    expect(settings.data.min_withdrawal).toBe('120');
  }).toPass({ timeout: 15_000 });
  await page.reload();
  await expect(minimum.locator('[data-current]')).toHaveText('120 XRP');

  for (const locale of ['en', 'ar'] as const) {
    if (locale === 'ar') await page.getByLabel('Language').selectOption('ar');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(minimum).toBeVisible();
    await screenshot(page, locale, 'ops-settings-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, locale, 'ops-settings-1280');
  }
});
