import { API } from '#contract/paths.ts';
import {
  PushSettingsResponseSchema,
  PushTestResponseSchema,
  SaveFcmTokenResponseSchema,
} from '#contract/push.ts';
import { mayAskAgain } from '#domain/consent/ask-again.ts';
import { pushSupported } from '#domain/push/support.ts';
import { tokenNeedsRefresh } from '#domain/push/topics.ts';
import { deviceRecords } from '#app/lib/device-records.ts';
import { ApiError, apiRequest } from '#app/lib/http.ts';
import { log } from '#app/lib/log.ts';
import { session } from '#app/lib/session.ts';
import { firebaseConfig } from './firebase-config.ts';
import { check } from './push-check-state.ts';

/**
 * This device and push: whether push can work here, the permission asked only
 * from the user's gesture (and not again for 7 days after a no, docs/product-rules.md#respect-no), the device token (Firebase Cloud
 * Messaging when the build has a Firebase configuration, else standard Web Push with the server's
 * VAPID key) kept with a synced flag and sent again at least every 7 days, and the notification
 * task's test push. Push errors are logged, never shown (docs/product-rules.md#api-conventions), except where the user asked.
 */
export type PushAvailability = 'unsupported' | 'default' | 'granted' | 'denied';

export function pushAvailability(): PushAvailability {
  const capabilities = {
    serviceWorker: 'serviceWorker' in navigator,
    notifications: 'Notification' in window,
    pushManager: 'PushManager' in window,
  };
  if (!pushSupported(navigator.userAgent, capabilities)) return 'unsupported';
  return Notification.permission;
}

/** When the user said no to notifications, while that no still holds (7 days); else null. */
export async function refusedAt(now = Date.now()): Promise<number | null> {
  const refused = await deviceRecords.read('pushRefusedAt');
  return refused !== null && !mayAskAgain(refused, now) ? refused : null;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** The device's current token: FCM's when configured, else this browser's Web Push subscription. */
async function currentToken(): Promise<string> {
  const registration = await navigator.serviceWorker.ready;
  // The build-time constant lets a build without Firebase leave the SDK out entirely; with it, the
  // SDK is loaded only here, so it never weighs on the first screen.
  if (import.meta.env.EARNEST_FIREBASE_CONFIG) {
    const firebase = firebaseConfig();
    if (firebase) {
      const { fcmToken } = await import('./fcm-token.ts');
      return fcmToken(firebase, registration);
    }
  }
  const { vapid_public_key } = await apiRequest(API.pushSettings, PushSettingsResponseSchema);
  const key = bytesOf(vapid_public_key);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key))
    return JSON.stringify(existing.toJSON());
  // A subscription made with another key (the server's keys changed) cannot receive our messages.
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return JSON.stringify(subscription.toJSON());
}

/** Sends the token to the server for the signed-in account and remembers whether that worked. */
async function sendToken(token: string, savedAt: number): Promise<void> {
  const account = session.account() ?? '';
  try {
    await apiRequest(API.saveFcmToken, SaveFcmTokenResponseSchema, {
      method: 'post',
      json: { fcmtoken: token },
    });
    await deviceRecords.write('pushToken', { token, savedAt, synced: true, account });
  } catch (error) {
    await deviceRecords.write('pushToken', { token, savedAt, synced: false, account });
    throw error;
  }
}

/**
 * On sign-out: this browser stops receiving the account's pushes, whatever the server heard. A
 * sign-out sent offline leaves the session (and so its token) alive on the server until it expires,
 * and the next person on a shared device would read the account's notices. The next sign-in
 * subscribes again by itself (permission stays granted). Silent.
 */
export async function forgetPushDevice(): Promise<void> {
  try {
    await deviceRecords.forget('pushToken');
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch (error) {
    log.warn('push subscription not removed on sign-out', error);
  }
}

/** Fetches a new token when the kept one is 7 days old, and re-sends one the server lacks. Silent. */
export async function refreshPushToken(now = Date.now()): Promise<void> {
  if (!session.account() || pushAvailability() !== 'granted') return;
  try {
    const record = await deviceRecords.read('pushToken');
    const kept =
      record && record.account === session.account() ? record : record && { ...record, synced: false };
    const step = tokenNeedsRefresh(kept, now);
    if (step === 'fetch') await sendToken(await currentToken(), now);
    else if (step === 'send' && kept) await sendToken(kept.token, kept.savedAt);
  } catch (error) {
    log.warn('push token not refreshed', error);
  }
}

export type EnableResult =
  | { ok: true; token: string }
  | { ok: false; reason: 'unsupported' | 'refused_recently' | 'denied' | 'failed' };

/** Turns push on for this device. Call it only from the user's gesture (docs/product-rules.md#respect-no). */
export async function enablePush(): Promise<EnableResult> {
  const availability = pushAvailability();
  if (availability === 'unsupported') return { ok: false, reason: 'unsupported' };
  if (availability === 'denied') return { ok: false, reason: 'denied' };
  if (availability === 'default') {
    if (await refusedAt()) return { ok: false, reason: 'refused_recently' };
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') {
      await deviceRecords.write('pushRefusedAt', Date.now());
      return { ok: false, reason: 'denied' };
    }
  }
  try {
    const token = await currentToken();
    await sendToken(token, Date.now());
    return { ok: true, token };
  } catch (error) {
    log.warn('push not enabled', error);
    return { ok: false, reason: 'failed' };
  }
}

/** From the user's tap in the notification task: permission, token, then a test push from the server. */
export async function runPushTest(): Promise<void> {
  check.set({ step: 'working' });
  const enabled = await enablePush();
  if (!enabled.ok) {
    check.set({ step: 'refused', reason: enabled.reason });
    return;
  }
  try {
    await apiRequest(API.pushTest, PushTestResponseSchema, {
      method: 'post',
      json: { fcmtoken: enabled.token },
    });
    // The worker may have been quicker than this answer.
    if (check.get().step === 'working') check.set({ step: 'sent' });
  } catch (error) {
    if (!(error instanceof ApiError)) log.warn('test push not sent', error);
    check.set({ step: 'refused', reason: 'send_failed' });
  }
}

/** Keeps the token fresh for whoever is signed in on this device. */
export function startPushDevice() {
  if (!('serviceWorker' in navigator)) return;
  let account = session.account();
  void refreshPushToken();
  session.subscribe(() => {
    if (session.account() === account) return;
    account = session.account();
    check.set({ step: 'idle' });
    void refreshPushToken();
  });
}
