import { createStore, get, set, update } from 'idb-keyval';
import { API } from '#contract/paths.ts';
import { clickAction, parsePushPayload, type PushNotice, type PushTexts } from '#contract/push-notice.ts';
import { tellPages } from './clients.ts';

declare const self: ServiceWorkerGlobalScope;

const store = createStore('earnest-push', 'values');
/** The worker's own record of what it showed (the browser's list misses some here), newest last. */
const SHOWN_KEY = 'shown';
const TEXTS_KEY = 'texts';

/** The page's translations of what the worker may need to say. */
export async function rememberTexts(texts: { newMessage: string; kinds: PushTexts }) {
  await set(TEXTS_KEY, texts, store);
}

async function show(notice: PushNotice) {
  const texts = await get<{ newMessage: string; kinds?: PushTexts }>(TEXTS_KEY, store);
  const worded = notice.kind ? texts?.kinds?.[notice.kind] : undefined;
  const title = worded?.title ?? notice.title ?? texts?.newMessage ?? 'Earnest';
  const body = worded?.body ?? notice.body;
  await self.registration.showNotification(title, {
    body,
    icon: notice.icon,
    ...(notice.image ? { image: notice.image } : {}),
    data: { link: notice.link, messageId: notice.messageId },
    ...(notice.messageId ? { tag: notice.messageId } : {}),
  } as NotificationOptions);
  // One read-and-write transaction: two pushes arriving together must not overwrite each other's record.
  await update<PushNotice[]>(
    SHOWN_KEY,
    (shown = []) => [...shown, { ...notice, title, body }].slice(-20),
    store,
  );
}

/**
 * Tells the server the notification task's test push arrived here; the code is the proof, so no
 * session is needed. A failure is only logged: the task then asks for another test.
 */
async function acknowledge(ack: string) {
  try {
    const response = await fetch(API.pushAck, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ack }),
    });
    if (!response.ok) console.warn('push acknowledgement refused', response.status);
  } catch (error) {
    console.warn('push acknowledgement failed', error);
  }
}

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return { body: event.data?.text() ?? '' };
  }
}

/**
 * Push messages (FCM's payload or plain Web Push) become a notification; while an Earnest page is in
 * the foreground, the page gets the message instead and shows its banner. A click focuses an open
 * Earnest window and takes it to the link, or opens one there: never two.
 */
export function handlePush() {
  self.addEventListener('push', (event) => {
    const notice = parsePushPayload(payloadOf(event));
    event.waitUntil(
      (async () => {
        if (notice.ack) await acknowledge(notice.ack);
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (notice.kind === 'push_test') await tellPages({ type: 'pushTestArrived' });
        if (windows.some((client) => client.visibilityState === 'visible')) {
          await tellPages({ type: 'push', notice });
          return;
        }
        await show(notice);
      })(),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { link?: string } | null;
    const url = new URL(data?.link ?? '/home', self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const action = clickAction(
          windows.map((client) => ({ url: client.url, focused: client.focused })),
          self.location.origin,
        );
        if (action.kind === 'open') {
          await self.clients.openWindow(url);
          return;
        }
        const client = windows[action.index];
        if (!client) return;
        await client.navigate(url).catch(() => undefined);
        await client.focus().catch(() => undefined);
      })(),
    );
  });
}
