import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { seedFromBootSnapshot } from './boot-snapshot.ts';
import { createQueryClient } from './query-client.ts';
import { seedFromServerRender } from './server-render.ts';
import { session } from './session.ts';

/** Keeps an account's cache on the device while its client lives; returns how to stop. */
export type PersistCache = (queryClient: QueryClient, account: string) => Promise<() => void>;

const SIGNED_OUT = 'signed-out';

/** The account a client key names, if it names one. */
function accountOf(key: string): string | null {
  return key.startsWith('account:') ? key.slice('account:'.length) : null;
}

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
  const clients = new Map<
    string,
    { id: number; client: QueryClient; ready: Promise<() => void>; seeded: boolean }
  >();
  let made = 0;
  let current = clientKey();
  let currentToken = session.token();

  function entryFor(key: string) {
    let entry = clients.get(key);
    if (!entry) {
      const client = createQueryClient();
      const account = accountOf(key);
      // The boot snapshot first, synchronously: Home's first screen needs nothing else to render.
      // Then the answers a server-rendered page came with, newer than any the device kept: Home's
      // for the account's client, Landing's public ones for nobody's.
      const snapshot = account ? seedFromBootSnapshot(client, account) : false;
      const rendered = account || key === SIGNED_OUT ? seedFromServerRender(client, account) : false;
      const seeded = snapshot || rendered;
      entry = {
        id: (made += 1),
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

  /**
   * The same session's account has a name now, or a new one (a linked device learning it, a session
   * named before the account's lasting id): its client goes on under the new name, and nothing on
   * screen starts again (a form being filled keeps what was typed). What the device keeps of it is
   * kept under the new name from now on.
   */
  function rename(from: string, to: string) {
    const entry = clients.get(from);
    if (!entry) return;
    clients.delete(from);
    const account = accountOf(to);
    const ready = entry.ready.then((stop) => {
      stop();
      return account ? persist(entry.client, account) : () => undefined;
    });
    clients.set(to, { ...entry, ready });
  }

  // A session's client lives while it is signed in; signed out (by the user or the server), it goes.
  session.subscribe(() => {
    const key = clientKey();
    const token = session.token();
    const sameSession = token !== null && token === currentToken;
    currentToken = token;
    if (key === current) return;
    const previous = current;
    current = key;
    if (previous === SIGNED_OUT) return;
    if (sameSession && !clients.has(key)) rename(previous, key);
    else drop(previous);
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
    /**
     * The current client, and its key for `key={...}`: a new session remounts everything under it;
     * the same session under a new name does not (`rename`).
     */
    useCurrent(): { key: string; queryClient: QueryClient } {
      const entry = entryFor(useSyncExternalStore(session.subscribe, clientKey, clientKey));
      return { key: `client-${entry.id}`, queryClient: entry.client };
    },
  };
}

export type AccountQueryClients = ReturnType<typeof createAccountQueryClients>;
