import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { workerRegistration } from './offline-support.ts';

// Push messages reaching the service worker (CDP ServiceWorker.deliverPushMessage: this Chromium has
// no push service): a notification when no Earnest page is in front, the banner when one is.

test.use({ serviceWorkers: 'allow' });

async function pushTo(context: BrowserContext, page: Page) {
  const { cdp, registrationId, origin } = await workerRegistration(context, page);
  return {
    deliver: (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) }),
  };
}

async function openWithWorker(page: Page) {
  await page.goto('/landing');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The app open with its worker in control, allowed to show notifications. */
async function openAllowingNotifications(context: BrowserContext, page: Page) {
  await context.grantPermissions(['notifications']);
  await openWithWorker(page);
}

test('a push with no Earnest page in front becomes a notification with its title, body, icon and link', async ({
  context,
  page,
}) => {
  await openAllowingNotifications(context, page);
  const push = await pushTo(context, page);
  // No Earnest page in the foreground: the tab shows another site.
  await page.goto('about:blank');
  await push.deliver({
    notification: { title: 'Payment final', body: '150 XRP reached your exchange' },
    data: { link: '/withdraw/status', messageId: 'paid-1', icon: '/icons/icon-192.png' },
  });
  await push.deliver({
    data: { link: 'https://evil.example/', messageId: 'plain-1' },
    body: 'No title here',
  });
  await openWithWorker(page);
  const shown = () =>
    page.evaluate(async () => {
      const request = indexedDB.open('earnest-push');
      const db = await new Promise<IDBDatabase>(
        (resolve) => (request.onsuccess = () => resolve(request.result)),
      );
      return new Promise<unknown>((resolve) => {
        const read = db.transaction('values').objectStore('values').get('shown');
        read.onsuccess = () => resolve(read.result ?? []);
      });
    });
  await expect.poll(async () => ((await shown()) as unknown[]).length).toBe(2);
  // Two pushes are handled concurrently by the worker: the order of its record is not the order sent.
  const byMessage = (notices: unknown) =>
    [...(notices as { messageId: string }[])].sort((a, b) => a.messageId.localeCompare(b.messageId));
  expect(byMessage(await shown())).toEqual([
    {
      kind: null,
      title: 'Payment final',
      body: '150 XRP reached your exchange',
      image: null,
      icon: '/icons/icon-192.png',
      link: '/withdraw/status',
      messageId: 'paid-1',
      ack: null,
    },
    {
      kind: null,
      title: 'New message',
      body: 'No title here',
      image: null,
      icon: '/logo.png',
      link: '/home',
      messageId: 'plain-1',
      ack: null,
    },
  ]);
});

test('a push with a page in front shows the banner, which closes, times out, and restarts for a newer one', async ({
  context,
  page,
}) => {
  await openWithWorker(page);
  const push = await pushTo(context, page);
  const banner = page.getByTestId('push-banner');

  await push.deliver({ title: 'Tasks are back', body: 'Ten new tasks are waiting.', link: '/home' });
  await expect(banner).toContainText('Tasks are back');
  await expect(banner).toContainText('Ten new tasks are waiting.');
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toHaveCount(0);

  // The banner's time runs on the page's clock from here: seconds pass without waiting for them.
  await page.clock.install();
  await push.deliver({ title: 'First', body: 'one' });
  await expect(banner).toContainText('First');
  await page.clock.runFor(6_000);
  await push.deliver({ title: 'Second', body: 'two' });
  await expect(banner).toContainText('Second');
  // 10 s after the first it would be gone; the second restarted the time.
  await page.clock.runFor(5_000);
  await expect(banner).toContainText('Second');
  await page.clock.runFor(5_001);
  await expect(banner).toHaveCount(0);
});

test('a click on a notification takes the open Earnest window to its link, opening no second one', async ({
  context,
  page,
}) => {
  await openAllowingNotifications(context, page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // A click dispatched inside the worker runs its notificationclick handler (Chromium refuses focus()
  // and openWindow() for such an untrusted click, but navigate() works: the case with a window open).
  await worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const options = { data: { link: '/link-device', messageId: 'click-1' }, tag: 'click-1' };
    let shown: Notification[] = [];
    // getNotifications() can miss the first notification of a fresh profile here: show it again.
    for (let i = 0; i < 50 && shown.length === 0; i++) {
      await scope.registration.showNotification('Payment final', options);
      shown = await scope.registration.getNotifications({ tag: 'click-1' });
      if (shown.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [notification] = shown;
    if (!notification) throw new Error('no notification to click');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/link-device$/);
  expect(context.pages()).toHaveLength(1);
});
