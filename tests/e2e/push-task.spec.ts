import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startFakePushService, type FakePushService } from '#tests/fakes/fake-push-service.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { ledgerOf, openApp, setUpUser, workerRegistration } from './offline-support.ts';
import { screenshot } from './support.ts';

// The notification task end to end: the server sends a real Web Push message to a fake push service
// (which decrypts it with the subscription's key, as a browser would), the test hands it to the
// page's service worker with CDP (this Chromium has no push service), the worker acknowledges it, and
// only then the task completes. Plus Mine → Notifications: per-kind switches and the 7-day "no".

test.use({ serviceWorkers: 'allow' });

let server: TestServer;
let push: FakePushService;

test.beforeAll(async () => {
  push = await startFakePushService();
  server = await startTestServer({ DEMO_TASK_SECONDS: '2', PUSH_SERVICE_ORIGINS: push.origin });
  // The operator switches the notification task on (it is off in the demo catalog).
  await server.db.query(`update tasks set enabled = true, sort = 0 where type = 'notification'`);
});

test.afterAll(async () => {
  await server?.stop();
  await push?.close();
});

/**
 * PushManager.subscribe never settles without a push service here: the page gets the subscription the
 * fake push service made, as the browser would hand it over.
 */
async function useSubscription(page: Page, subscription: object) {
  await page.addInitScript((json) => {
    let current: object | null = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      current = {
        endpoint: (json as { endpoint: string }).endpoint,
        options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => true,
      };
      return current as PushSubscription;
    };
  }, subscription);
}

test('the notification task completes only after the test push reached this device and was acknowledged', async ({
  context,
  page,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  const user = await setUpUser(server.url, server.db);
  const phone = `phone-${user.username}`;
  await useSubscription(page, push.subscription(phone));
  await openApp(page, server.url, user);

  await page.locator('[data-testid^="task-"]').first().click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByTestId('task-rules')).toContainText('allowing notifications alone is not enough');
  await sheet.getByRole('button', { name: 'Start the task' }).click();
  const complete = sheet.getByRole('button', { name: 'Complete the task' });
  await sheet.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(sheet.getByText('A test notification is on its way to this device…')).toBeVisible();

  // The server's message reached the push service, encrypted for this subscription.
  await expect.poll(() => push.deliveries.filter((d) => d.id === phone).length).toBeGreaterThan(0);
  const delivered = push.deliveries.filter((d) => d.id === phone);
  const test = delivered.find(
    (d) => (JSON.parse(d.payload) as { data: { kind: string } }).data.kind === 'push_test',
  );
  if (!test) throw new Error('no test push');
  // The time is up, but the test push has not arrived: the task cannot be completed yet.
  await expect(sheet.getByTestId('task-timer')).toHaveText('The time is up. You can complete the task.');
  await expect(complete).toBeDisabled();
  await screenshot(page, 'en', 'notification-task-waiting');

  const { cdp, registrationId, origin } = await workerRegistration(context, page);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: test.payload });
  await expect(
    sheet.getByText('The test notification arrived on this device. You can complete the task.'),
  ).toBeVisible();
  // With the page in front, the message shows as the banner, in the app's words.
  await expect(page.getByTestId('push-banner')).toContainText('Notifications work');
  const { rows } = await server.db.query<{ acked: boolean }>(
    `select t.acked_at is not null as acked from push_tests t join users u on u.id = t.user_id
      where u.username_key = $1`,
    [user.username.toLowerCase()],
  );
  expect(rows).toEqual([{ acked: true }]);
  await screenshot(page, 'en', 'notification-task-arrived');

  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(sheet).toHaveCount(0);
  await expect.poll(async () => (await ledgerOf(server.db, user.username)).count('task')).toBe(1);

  // Mine, with notifications on for this device: no note that this device gets none.
  await page.goto(`${server.url}/home/mine`);
  const settings = page.getByTestId('push-settings');
  await expect(settings.getByText('Notifications are on for this device.')).toBeVisible();
  await expect(settings.getByTestId('push-topics-off-here')).toHaveCount(0);
});

test('Mine turns each kind of message on or off, and after a no does not ask again for 7 days', async ({
  context,
  page,
}) => {
  const user = await setUpUser(server.url, server.db);
  await openApp(page, server.url, user, '/home/mine');
  const section = page.getByTestId('push-settings');
  await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  // The switches are the account's; with notifications off here, the section says this device gets none.
  await expect(section.getByTestId('push-topics-off-here')).toContainText('This device gets none');
  const withdrawals = section.getByRole('switch', { name: 'When a withdrawal is paid or fails' });
  const tasks = section.getByRole('switch', { name: "When a new day's tasks are ready" });
  await expect(withdrawals).toBeChecked();
  await expect(tasks).not.toBeChecked();
  await withdrawals.uncheck();
  await tasks.check();
  await expect(tasks).toBeChecked();
  // The switches follow the tap at once and the server hears of it a moment later: wait for it.
  const saved = async () =>
    (
      await server.db.query<{ topic: string; enabled: boolean }>(
        `select s.topic, s.enabled from push_settings s join users u on u.id = s.user_id
          where u.username_key = $1 order by s.topic`,
        [user.username.toLowerCase()],
      )
    ).rows;
  await expect.poll(saved).toEqual([
    { topic: 'tasks', enabled: true },
    { topic: 'withdrawals', enabled: false },
  ]);
  await screenshot(page, 'en', 'mine-notifications');

  // The user said no two days ago (as enablePush records it): no button, and the date it may ask again.
  await page.evaluate(
    async (at) => {
      const request = indexedDB.open('earnest-device');
      const db = await new Promise<IDBDatabase>(
        (resolve) => (request.onsuccess = () => resolve(request.result)),
      );
      await new Promise((resolve) => {
        const write = db.transaction('records', 'readwrite').objectStore('records').put(at, 'pushRefusedAt');
        write.onsuccess = resolve;
      });
    },
    Date.now() - 2 * 24 * 3600 * 1000,
  );
  await page.reload();
  await expect(section.getByTestId('push-note')).toContainText('Earnest will not ask again before');
  await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);
  await expect(withdrawals).not.toBeChecked();
  void context;
});
