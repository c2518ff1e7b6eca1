import type { PushNotice } from '#contract/push-notice.ts';
import type { PushKind } from '#domain/push/topics.ts';

/** A message the server sends: always of a kind, so it can be worded on the device and switched off. */
export type ServerNotice = PushNotice & { kind: PushKind; title: string };

export interface PushPayload {
  notification: { title: string; body: string; image?: string };
  /** FCM carries data as strings only. */
  data: Record<string, string>;
}

/** FCM's message shape, which the service worker reads for plain Web Push too (contract/push-notice.ts). */
export function payloadOf(notice: ServerNotice): PushPayload {
  return {
    notification: {
      title: notice.title,
      body: notice.body,
      ...(notice.image ? { image: notice.image } : {}),
    },
    data: {
      link: notice.link,
      icon: notice.icon,
      kind: notice.kind,
      ...(notice.messageId ? { messageId: notice.messageId } : {}),
      ...(notice.ack ? { ack: notice.ack } : {}),
    },
  };
}
