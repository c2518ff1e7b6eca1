import type { PushKind, PushNotice } from '#contract/push-notice.ts';

/**
 * A push about a final withdrawal. It carries its kind, not words: the service worker words it from
 * the app's catalogs in the user's language (the server has none), and the title below is only what
 * a client that does not know the kind falls back to.
 */
/** A push to the account's devices when another device was linked (H5). */
export function deviceLinkedNotice(linkId: number): PushNotice & { title: string } {
  return {
    kind: 'device_linked',
    title: 'Earnest',
    body: '',
    image: null,
    icon: '/logo.png',
    link: '/home/mine',
    messageId: `device-linked-${linkId}`,
  };
}

export function withdrawalNotice(id: number, status: 'success' | 'failed'): PushNotice & { title: string } {
  const kind: PushKind = status === 'success' ? 'withdrawal_success' : 'withdrawal_failed';
  return {
    kind,
    title: 'Earnest',
    body: '',
    image: null,
    icon: '/logo.png',
    link: '/withdraw/status',
    messageId: `withdrawal-${id}-${status}`,
  };
}
