/**
 * A push message as Earnest shows it: title, body, image, icon, link and message id.
 * Firebase Cloud Messaging's payload (`notification` + `data` + `fcmOptions`) and a plain Web Push
 * JSON payload both become one of these. No Zod here: the service worker reads it too.
 */
import { PUSH_KINDS, type PushKind } from '#domain/push/topics.ts';

export { PUSH_KINDS, type PushKind };

/** Messages the server sends by kind: their words come from the app's catalogs, in the user's language. */
export type PushTexts = Record<PushKind, { title: string; body: string }>;

export interface PushNotice {
  /** A message of a known kind is worded by the app (see PushTexts); null for a free-text one. */
  kind: PushKind | null;
  /** Null when the message has none: the worker then uses the translated "New message". */
  title: string | null;
  body: string;
  image: string | null;
  icon: string;
  /** Where a click leads: a path of this app, or null for Home. */
  link: string;
  messageId: string | null;
  /** The notification task's test push carries a code the worker hands back to the server on arrival. */
  ack: string | null;
}

export const DEFAULT_PUSH_ICON = '/logo.png';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * Only paths of this app are followed: a push must not send anyone elsewhere. A path must start with
 * one slash not followed by another slash or a backslash (browsers read `/\host` as `//host`, another
 * site), and hold no backslash, space or control character (URL parsing drops tabs and newlines, so
 * `/<tab>/host` becomes `//host` too).
 */
export function safeLink(value: unknown): string {
  const link = text(value);
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!link || !/^\/(?![/\\])/.test(link) || /[\\\u0000-\u0020\u007f]/.test(link)) return '/home';
  return link;
}

/** Reads either payload shape; anything unreadable becomes a plain notice with defaults. */
export function parsePushPayload(payload: unknown): PushNotice {
  const root = record(payload);
  const notification = record(root['notification']);
  const data = record(root['data']);
  const options = record(root['fcmOptions'] ?? root['fcm_options']);
  const kind = text(data['kind']);
  return {
    kind: (PUSH_KINDS as readonly string[]).includes(kind ?? '') ? (kind as PushKind) : null,
    title: text(notification['title']) ?? text(root['title']) ?? text(data['title']),
    body: text(notification['body']) ?? text(root['body']) ?? text(data['body']) ?? '',
    image: text(notification['image']) ?? text(root['image']) ?? text(data['image']),
    icon: text(data['icon']) ?? text(notification['icon']) ?? text(root['icon']) ?? DEFAULT_PUSH_ICON,
    link: safeLink(options['link'] ?? data['link'] ?? root['link']),
    messageId: text(data['messageId']) ?? text(root['messageId']),
    ack: text(data['ack']),
  };
}

/** A window the worker can see, as the click decision needs it. */
export interface WindowInfo {
  url: string;
  focused: boolean;
}

export type ClickAction = { kind: 'focus'; index: number } | { kind: 'open' };

/**
 * What a notification click does: focus an open Earnest window (the focused one first, else the
 * first) and navigate it to the link; open a new window only when there is none. Never two.
 */
export function clickAction(windows: readonly WindowInfo[], origin: string): ClickAction {
  const ours = windows
    .map((window, index) => ({ window, index }))
    .filter(({ window }) => window.url === origin || window.url.startsWith(`${origin}/`));
  const chosen = ours.find(({ window }) => window.focused) ?? ours[0];
  return chosen ? { kind: 'focus', index: chosen.index } : { kind: 'open' };
}

/** How long the foreground banner stays; a newer message starts the time again. */
export const BANNER_MS = 10_000;
