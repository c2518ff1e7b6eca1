/**
 * What a device's push token is. Standard Web Push tokens are the browser's subscription as JSON
 * (endpoint + keys); Firebase Cloud Messaging tokens are opaque registration tokens. The server posts
 * to a subscription's endpoint, so only the push services browsers use are accepted (plus origins the
 * operator adds, e.g. a fake in tests): a token must not make the server call arbitrary addresses.
 */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushToken =
  { type: 'webpush'; subscription: WebPushSubscription } | { type: 'fcm'; token: string };

/** Hosts of the push services of Chrome/Edge/Opera (FCM), Firefox (Mozilla), Safari (Apple) and Windows. */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^(updates\.)?push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[\w-]+\.notify\.windows\.com$/,
];

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;
/** FCM registration tokens: long, URL-safe, with a colon after the instance id. */
const FCM_TOKEN = /^[A-Za-z0-9_-]{10,}:[A-Za-z0-9_-]{100,}$/;

function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

/** Reads a token as saved by the app; null when it is neither kind or points anywhere else. */
export function readPushToken(token: string, extraOrigins: readonly string[]): PushToken | null {
  if (FCM_TOKEN.test(token)) return { type: 'fcm', token };
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  const candidate = value as Partial<WebPushSubscription> | null;
  const { endpoint, keys } = candidate ?? {};
  if (typeof endpoint !== 'string' || typeof keys?.p256dh !== 'string' || typeof keys.auth !== 'string')
    return null;
  if (!BASE64URL.test(keys.p256dh) || !BASE64URL.test(keys.auth)) return null;
  // What a browser makes (RFC 8291): an uncompressed P-256 point and a 16-byte secret. Anything else
  // can never be encrypted to, so it is not kept, nor tried, nor counted against the user's tests.
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) return null;
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return null;
  if (!endpointAllowed(endpoint, extraOrigins)) return null;
  return { type: 'webpush', subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
}
