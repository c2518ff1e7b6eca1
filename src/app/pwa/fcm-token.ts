import { initializeApp } from 'firebase/app';
import { getMessaging, getToken } from 'firebase/messaging';
import type { FirebaseWebConfig } from './firebase-config.ts';

/**
 * The device's FCM registration token, through Earnest's own service worker (which reads FCM's
 * payloads itself, sw/push.ts). Loaded on demand only, and only in builds with a Firebase configuration.
 */
export async function fcmToken(
  config: FirebaseWebConfig,
  registration: ServiceWorkerRegistration,
): Promise<string> {
  const { vapidKey, ...options } = config;
  const app = initializeApp(options, 'earnest');
  return getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
}
