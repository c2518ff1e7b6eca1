/**
 * What Earnest may tell a user by push, and what each user can turn off (docs/product-rules.md#respect-no). Every message
 * the server sends has a kind; every kind but the notification task's test belongs to a topic, and a
 * topic a user turned off is never sent to them. Only "tasks reset" starts off: it is a reminder, not
 * news about the user's money, so it is sent only to those who asked for it.
 */
export const PUSH_KINDS = [
  'withdrawal_success',
  'withdrawal_failed',
  'device_linked',
  'address_changed',
  'ad_available',
  'tasks_reset',
  'push_test',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_TOPICS = ['withdrawals', 'devices', 'ad', 'tasks'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** Topics that warn the account of what is done with it: a newly linked device cannot turn them off. */
export const SECURITY_TOPICS: readonly PushTopic[] = ['devices', 'withdrawals'];

/** Whether a topic is one of the security topics. */
export function isSecurityTopic(topic: PushTopic): boolean {
  return SECURITY_TOPICS.includes(topic);
}

export const TOPIC_DEFAULTS: Readonly<Record<PushTopic, boolean>> = {
  withdrawals: true,
  devices: true,
  ad: true,
  tasks: false,
};

const TOPIC_OF: Readonly<Record<PushKind, PushTopic | null>> = {
  withdrawal_success: 'withdrawals',
  withdrawal_failed: 'withdrawals',
  device_linked: 'devices',
  address_changed: 'withdrawals',
  ad_available: 'ad',
  tasks_reset: 'tasks',
  // The test push answers the user's own tap on the notification task: always sent.
  push_test: null,
};

/** The topic a kind of message belongs to; null for the test push, which no setting stops. */
export function topicOf(kind: PushKind): PushTopic | null {
  return TOPIC_OF[kind];
}

/** A user's settings: what they chose, the default for the rest. */
export function topicSettings(
  chosen: Iterable<{ topic: string; enabled: boolean }>,
): Record<PushTopic, boolean> {
  const settings = { ...TOPIC_DEFAULTS };
  for (const { topic, enabled } of chosen) {
    if ((PUSH_TOPICS as readonly string[]).includes(topic)) settings[topic as PushTopic] = enabled;
  }
  return settings;
}

/** Whether a message of this kind may go to a user with these settings. */
export function maySend(kind: PushKind, settings: Readonly<Record<PushTopic, boolean>>): boolean {
  const topic = topicOf(kind);
  return topic === null || settings[topic];
}

/**
 * A device's push token is fetched again and re-sent when it is older than this (the push
 * token refresh period), so a rotated or expired subscription does not silently stop messages.
 */
export const TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a token saved at `savedAt` (and known to the server or not) must be fetched and sent again. */
export function tokenNeedsRefresh(
  record: { savedAt: number; synced: boolean } | null,
  now: number,
): 'fetch' | 'send' | 'none' {
  if (!record || now - record.savedAt >= TOKEN_REFRESH_MS) return 'fetch';
  return record.synced ? 'none' : 'send';
}
