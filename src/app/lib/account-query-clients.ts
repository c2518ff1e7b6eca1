import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { seedFromBootSnapshot } from './boot-snapshot.ts';
import { createQueryClient } from './query-client.ts';
import { seedFromServerRender } from './server-render.ts';
import { session } from './session.ts';

/** Keeps an account's cache on the device while its client lives; returns how to stop. */
export type PersistCache = (queryClient: QueryClient, account: string) => Promise<() => void>;

const SIGNED_OUT = 'signed-out';

/**
 * Whose client a session reads from: the account's; for a session whose account is not known yet (a
 * linked device, until its user info arrives) one of its own; nobody's when signed out.
 */
function clientKey(): string {
  const { account, token } = session.state();
  if (account) return `account:${account}`;
  return token ? `session:${token}` : SIGNED_OUT;
}

/**
 * One QueryClient per signed-in account, and one for nobody signed in (social-app's `key={account}`
 * pattern): whoever is signed in reads from their own client, so one account's data can never show
 * under another's and signing out needs no `clear()` — the account's client is dropped, and the next
 * sign-in starts from that account's copy on the device or from nothing.
 */
export function createAccountQueryClients(persist: PersistCache) {
  const clients = new Map<string, { client: QueryClient; ready: Promise<() => void>; seeded: boolean }>();
  let current = clientKey();

  function entryFor(key: string) {
    let entry = clients.get(key);
    if (!entry) {
      const client = createQueryClient();
      const account = key.startsWith('account:') ? key.slice('account:'.length) : null;
      // The boot snapshot first, synchronously: Home's first screen needs nothing else to render.
      // Then the answers a server-rendered page came with, newer than any the device kept: Home's
      // for the account's client, Landing's public ones for nobody's.
      const snapshot = account ? seedFromBootSnapshot(client, account) : false;
      const rendered = account || key === SIGNED_OUT ? seedFromServerRender(client, account) : false;
      const seeded = snapshot || rendered;
      entry = {
        client,
        ready: account ? persist(client, account) : Promise.resolve(() => undefined),
        seeded,
      };
      clients.set(key, entry);
    }
    return entry;
  }

  function drop(key: string) {
    const entry = clients.get(key);
    if (!entry) return;
    clients.delete(key);
    // Stop keeping the cache first: the device's copy stays as it was (a refused session signs in
    // again to it), and only then let go of what is in memory.
    void entry.ready.then((stop) => {
      stop();
      entry.client.clear();
    });
  }

  // A session's client lives while it is signed in; signed out (by the user or the server), it goes.
  session.subscribe(() => {
    const key = clientKey();
    if (key === current) return;
    const previous = current;
    current = key;
    if (previous !== SIGNED_OUT) drop(previous);
  });

  return {
    /** The client of whoever is signed in now. */
    current: () => entryFor(clientKey()).client,
    /**
     * Resolves once the signed-in account has data to render with (before the first render): at once
     * when its boot snapshot was there, or else once its copy on the device is in its client.
     */
    ready: () => {
      const entry = entryFor(clientKey());
      return entry.seeded ? Promise.resolve() : entry.ready.then(() => undefined);
    },
    /** The current client, and its key for `key={...}`: a new session remounts everything under it. */
    useCurrent(): { key: string; queryClient: QueryClient } {
      const key = useSyncExternalStore(session.subscribe, clientKey, clientKey);
      return { key, queryClient: entryFor(key).client };
    },
  };
}

export type AccountQueryClients = ReturnType<typeof createAccountQueryClients>;
