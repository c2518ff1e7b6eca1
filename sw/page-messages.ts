import { isPageMessage, type PageMessage } from '#contract/sync.ts';
import { publishQueue } from './clients.ts';
import { rememberTexts } from './push.ts';
import { queueStore } from './queue-store.ts';
import { refileAccount, replayNowAsked, replayQueue, wakeAccount } from './queue-replay.ts';

declare const self: ServiceWorkerGlobalScope;

/** Answers the page's messages (typed in src/contract/sync.ts). */
export function answerPageMessages() {
  self.addEventListener('message', (event) => {
    if (!isPageMessage(event.data)) return;
    event.waitUntil(handle(event.data));
  });
}

async function handle(message: PageMessage): Promise<void> {
  switch (message.type) {
    case 'SKIP_WAITING':
      // The user accepted the update; the page reloads once this worker takes over.
      await self.skipWaiting();
      return;
    case 'session':
      await queueStore.setSession({ account: message.account, token: message.token });
      if (message.account && message.token) await wakeAccount(message.account);
      return;
    case 'replay':
      await (message.now ? replayNowAsked() : replayQueue());
      return;
    case 'queue':
      await publishQueue();
      return;
    case 'dismiss': {
      const entry = (await queueStore.all()).find((e) => e.id === message.id);
      // Only a settled rejection can be dismissed: waiting entries are never dropped by the page.
      if (entry?.state === 'rejected') await queueStore.remove(entry.id);
      await publishQueue();
      return;
    }
    case 'forget_account':
      await queueStore.forgetAccount(message.account);
      await publishQueue();
      return;
    case 'refile_account':
      await refileAccount(message.from, message.to, message.since ?? 0);
      return;
    case 'texts':
      await rememberTexts({ newMessage: message.newMessage, kinds: message.kinds });
      return;
    default:
      message satisfies never;
  }
}
