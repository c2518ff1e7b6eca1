import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import type { PushKind, PushNotice, PushTexts } from '#contract/push-notice.ts';

/**
 * The words of the pushes the server sends by kind (it sends kinds, not words): one place for the
 * service worker's notifications and the page's banner, in the page's language.
 */
const TEXTS: Record<PushKind, { title: MessageDescriptor; body: MessageDescriptor }> = {
  withdrawal_success: {
    title: msg`Withdrawal Successful`,
    body: msg`Your XRP payment is final on the XRP Ledger.`,
  },
  withdrawal_failed: {
    title: msg`Withdrawal failed`,
    body: msg`The payment did not go through; the amount is back on your balance.`,
  },
  device_linked: {
    title: msg`A new device was linked to your account`,
    body: msg`If it was not you, open Earnest, sign that device out and change your password.`,
  },
  address_changed: {
    title: msg`Your withdrawal address was changed`,
    body: msg`No withdrawal can start for 72 hours. If it was not you, change your password and the address now.`,
  },
  ad_available: {
    title: msg`Today's ad is available`,
    body: msg`Watch it to take hours off your withdrawal's waiting period.`,
  },
  tasks_reset: {
    title: msg`New tasks are here`,
    body: msg`Today's tasks are ready for you.`,
  },
  push_test: {
    title: msg`Notifications work`,
    body: msg`This test notification reached your device. You can complete the task now.`,
  },
};

export function pushTexts(): PushTexts {
  const texts = {} as PushTexts;
  for (const kind of Object.keys(TEXTS) as PushKind[]) {
    texts[kind] = { title: i18n._(TEXTS[kind].title), body: i18n._(TEXTS[kind].body) };
  }
  return texts;
}

export const NEW_MESSAGE = msg`New message`;

/** A notice as the user reads it: a known kind in the app's words, anything else as sent. */
export function worded(notice: PushNotice): PushNotice {
  if (!notice.kind) return notice;
  const text = TEXTS[notice.kind];
  return { ...notice, title: i18n._(text.title), body: i18n._(text.body) };
}
