import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import {
  isWorkerMessage,
  type PageMessage,
  type QueuedAction,
  type QueuedKind,
  type WorkerMessage,
} from '#contract/sync.ts';
import { connectivity } from '#app/lib/connectivity.ts';
import { onSessionEnded } from '#app/lib/http.ts';
import { session } from '#app/lib/session.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { createStore } from '#app/lib/external-store.ts';
import { showPushBanner } from './push-banner.tsx';
import { pushTestArrived } from './push-check-state.ts';
import { NEW_MESSAGE, pushTexts, worded } from './push-texts.ts';
import { invalidateMoney } from '#app/lib/query-keys.ts';

/**
 * The page's side of the offline queue kept by the service worker (sw/queue-*.ts): what is waiting,
 * what was refused, and the nudges that make the worker replay — on start, when the connection
 * comes back, when the user signs in again, and every little while the app is open with something
 * waiting (browsers without Background Sync rely on these).
 */
const store = createStore<readonly QueuedAction[]>([]);

const NUDGE_EVERY_MS = 10_000;

export const KIND_LABELS: Record<QueuedKind, MessageDescriptor> = {
  'task.complete': msg`Task completion`,
  'interest.claim': msg`Interest claim`,
  'gift.claim': msg`New-user gift claim`,
  'ad.complete': msg`Watched ad`,
};

const CONFIRMED: Record<QueuedKind, MessageDescriptor> = {
  'task.complete': msg`Synced: the server confirmed your task completion.`,
  'interest.claim': msg`Synced: the server confirmed your interest claim.`,
  'gift.claim': msg`Synced: the server confirmed your gift claim.`,
  'ad.complete': msg`Synced: the server confirmed your watched ad.`,
};

const REFUSED: Record<QueuedKind, MessageDescriptor> = {
  'task.complete': msg`A task completion saved offline was not accepted.`,
  'interest.claim': msg`An interest claim saved offline was not accepted.`,
  'gift.claim': msg`A gift claim saved offline was not accepted.`,
  'ad.complete': msg`A watched ad saved offline was not accepted.`,
};

function post(message: PageMessage) {
  // Without service workers (some private modes) nothing was kept, so nothing is to be told.
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Wires the page to the worker's queue. Without service workers there is no queue to show. */
export function startSyncQueue(queryClient: () => QueryClient) {
  if (!('serviceWorker' in navigator)) return;
  const worker = navigator.serviceWorker;

  worker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isWorkerMessage(event.data)) receiveWorkerMessage(event.data, queryClient());
  });
  worker.startMessages();
  // Deleted on another device: nothing kept here for the account can ever go through, and the entry
  // page would otherwise promise to send it after a sign-in that cannot happen.
  onSessionEnded((reason, account) => {
    if (reason === 'auth.account_deleted' && account !== null) forgetQueuedOf(account);
  });

  let sent = '';
  const sendSession = () => {
    const { account, token } = session.state();
    const key = `${account ?? ''}:${token ?? ''}`;
    if (key === sent) return;
    sent = key;
    post({ type: 'session', account, token });
  };
  session.subscribe(sendSession);
  // A new worker (first install or an update) learns the session and reports its queue.
  worker.addEventListener('controllerchange', () => {
    sent = '';
    sendSession();
    post({ type: 'queue' });
  });
  sendSession();
  post({ type: 'queue' });
  // The worker has no catalogs: it is given what it may have to say, in the page's language.
  const sendTexts = () => post({ type: 'texts', newMessage: i18n._(NEW_MESSAGE), kinds: pushTexts() });
  sendTexts();
  i18n.on('change', sendTexts);

  const nudge = () => {
    if (navigator.onLine && store.get().some((item) => item.state === 'waiting')) post({ type: 'replay' });
  };
  window.addEventListener('online', () => post({ type: 'replay' }));
  connectivity.subscribe(() => {
    if (connectivity.reachable()) nudge();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') nudge();
  });
  setInterval(nudge, NUDGE_EVERY_MS);
}

// A replay settles many actions in a row: the data is read again, and the user told, once per burst.
const SETTLE_BURST_MS = 300;
let confirmed: QueuedKind[] = [];
let burstTimer: ReturnType<typeof setTimeout> | undefined;

let storageAsked = false;

/**
 * Asks the browser to keep this site's storage: without it, the queue is in storage the browser may
 * clear under pressure (or, in Safari, after a week without a visit), and actions kept offline would
 * be lost. Asked once something is kept, when it matters (Firefox asks the user).
 */
function keepStorage() {
  if (storageAsked) return;
  storageAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

/** What the page does with a message of the worker (exported for the tests). */
export function receiveWorkerMessage(message: WorkerMessage, queryClient: QueryClient) {
  switch (message.type) {
    case 'queue':
      store.set(message.items);
      if (message.items.some((item) => item.state !== 'rejected')) keepStorage();
      return;
    case 'settled':
      // Another account's entry (it signed out on this device, its queue still replays): not this
      // user's news, and not theirs to see.
      if (message.account !== session.state().account) return;
      if (message.outcome === 'done') confirmed.push(message.kind);
      else toasts.push('error', i18n._(REFUSED[message.kind]));
      clearTimeout(burstTimer);
      burstTimer = setTimeout(() => endOfBurst(queryClient), SETTLE_BURST_MS);
      return;
    case 'push':
      showPushBanner(worded(message.notice));
      return;
    case 'pushTestArrived':
      pushTestArrived();
      return;
    default:
      message satisfies never;
  }
}

function endOfBurst(queryClient: QueryClient) {
  // The server's answers change balances, lists and offers: read them again.
  void invalidateMoney(queryClient);
  const [only] = confirmed;
  if (confirmed.length === 1 && only) toasts.push('success', i18n._(CONFIRMED[only]));
  else if (confirmed.length > 1) {
    toasts.push(
      'success',
      plural(confirmed.length, {
        one: 'Synced: the server confirmed # action.',
        other: 'Synced: the server confirmed # actions.',
      }),
    );
  }
  confirmed = [];
}

/** The user has read a refusal; the worker forgets it. */
export function dismissQueued(id: string) {
  post({ type: 'dismiss', id });
}

/** The account was deleted (here or on another device): the worker drops what it kept for it, which can never go through. */
export function forgetQueuedOf(account: string) {
  post({ type: 'forget_account', account });
}

/** The signed-in account, named `from` on this device until now, is named `to`: its entries since `since` follow. */
export function refileQueued(from: string, to: string, since: number) {
  post({ type: 'refile_account', from, to, since });
}

/** Asks the worker to send what is waiting now (the "try now" button). */
export function replayNow() {
  post({ type: 'replay', now: true });
}

const empty: readonly QueuedAction[] = [];

/** Every queued action on this device, for every account. */
export function useQueuedActions(): readonly QueuedAction[] {
  return useSyncExternalStore(store.subscribe, store.get, () => empty);
}

/** The signed-in account's queued actions that are not refused: shown as "waiting to sync". */
export function usePendingActions(kind?: QueuedKind): QueuedAction[] {
  const items = useQueuedActions();
  const account = useSyncExternalStore(session.subscribe, session.account, session.account);
  return items.filter(
    (item) => item.account === account && item.state !== 'rejected' && (!kind || item.kind === kind),
  );
}

/**
 * The tasks whose completion for `day` waits to sync, by id. A completion names the day of its run
 * (src/contract/tasks.ts): one kept from yesterday is not today's, even for a task offered on both
 * days. One kept by an app that did not name the day counts for the day shown.
 */
export function waitingCompletionIds(pending: readonly QueuedAction[], day: string): ReadonlySet<number> {
  const ids = pending
    .filter((action) => action.kind === 'task.complete')
    .filter((action) => action.body['day'] === undefined || action.body['day'] === day)
    .map((action) => action.body['task_id']);
  return new Set(ids.filter((id): id is number => typeof id === 'number'));
}

/** The signed-in account's tasks whose completion for `day` waits to sync (`waitingCompletionIds`). */
export function useWaitingCompletions(day: string): ReadonlySet<number> {
  return waitingCompletionIds(usePendingActions(), day);
}
