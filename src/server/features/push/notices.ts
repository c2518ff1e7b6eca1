import type { ServerNotice } from './push-payload.ts';

/**
 * The pushes the server sends. Each carries its kind, not words: the service worker words it from the
 * app's catalogs in the user's language (the server has none); the title here is only what a client
 * that does not know the kind falls back to.
 */
function notice(
  kind: ServerNotice['kind'],
  link: string,
  messageId: string,
  ack: string | null = null,
): ServerNotice {
  return { kind, title: 'Earnest', body: '', image: null, icon: '/logo.png', link, messageId, ack };
}

/** A withdrawal became final: paid, or failed and refunded; the link leads to its record. */
export function withdrawalNotice(id: number, status: 'success' | 'failed'): ServerNotice {
  const kind = status === 'success' ? 'withdrawal_success' : 'withdrawal_failed';
  return notice(kind, `/withdraw/status#withdrawal-${id}`, `withdrawal-${id}-${status}`);
}

/** Another device was linked to the account (docs/product-rules.md#device-linking-stays-inside-earnest): the devices list is on Mine. */
export function deviceLinkedNotice(linkId: number): ServerNotice {
  return notice('device_linked', '/home/mine', `device-linked-${linkId}`);
}

/** The withdrawal address was changed (a hold started): every device is told, the link shows it. */
export function addressChangedNotice(at: Date): ServerNotice {
  return notice('address_changed', '/home/withdraw', `address-changed-${at.getTime()}`);
}

/** The daily ad that shortens the waiting period can be watched again. */
export function adAvailableNotice(day: string): ServerNotice {
  return notice('ad_available', '/withdraw/status', `ad-available-${day}`);
}

/** A new day's tasks are there (only for users who asked for this reminder). */
export function tasksResetNotice(day: string): ServerNotice {
  return notice('tasks_reset', '/home', `tasks-reset-${day}`);
}

/** The notification task's test push; the worker hands `ack` back when it arrives. */
export function pushTestNotice(ack: string): ServerNotice {
  return notice('push_test', '/home', `push-test-${ack.slice(0, 8)}`, ack);
}
