/**
 * Whether this browser can receive Earnest's push messages. Without service workers, notifications
 * or the Push API there is nothing to subscribe; inside the in-app browsers of messengers and social
 * apps, subscriptions are lost or never delivered, so push is treated as unsupported there too.
 */
const IN_APP_BROWSERS: readonly RegExp[] = [
  /Telegram/i,
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\//, // Facebook and Messenger
  /Instagram/i,
  /\bQQ\//, // QQ
  /MicroMessenger/i, // WeChat
  /\bLine\//, // LINE
  /Twitter|TwitterAndroid/i,
  /Snapchat/i,
  /TikTok|musical_ly|BytedanceWebview/i,
  /WhatsApp/i,
  /\bKAKAOTALK\b/i,
];

export interface PushCapabilities {
  serviceWorker: boolean;
  notifications: boolean;
  pushManager: boolean;
}

/** Whether the user agent is an in-app browser of a messenger or social app. */
export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSERS.some((pattern) => pattern.test(userAgent));
}

/** Whether push can work here at all. */
export function pushSupported(userAgent: string, capabilities: PushCapabilities): boolean {
  return (
    capabilities.serviceWorker &&
    capabilities.notifications &&
    capabilities.pushManager &&
    !isInAppBrowser(userAgent)
  );
}
