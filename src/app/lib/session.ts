import { useSyncExternalStore } from 'react';
import type { UserInfo } from '#contract/auth.ts';
import { sessionCookie } from '#contract/prerendered-pages.ts';
import { SESSION_NOTICES, type SessionNotice } from '#contract/sync.ts';
import { createStore } from './external-store.ts';

/** Where the device keeps its session token (also read by the prerendered page's boot script). */
export const TOKEN_KEY = 'earnest.token';
/** Whose session it is (also read by the boot script). */
export const ACCOUNT_KEY = 'earnest.account';
const END_KEY = 'earnest.session-ended';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// Without storage (some private modes) the session lasts for this visit only.
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to keep it in.
  }
}

/**
 * The session cookie mirrors the token (docs/decisions/012-home-rendered-with-the-accounts-data.md);
 * the boot script (src/app/boot-script.ts) also writes it anew from localStorage, or removes it, on
 * every prerendered page.
 */
function writeCookie(token: string | null) {
  if (typeof document === 'undefined') return;
  document.cookie = sessionCookie(token, globalThis.location?.protocol === 'https:');
}

interface SessionState {
  token: string | null;
  /**
   * Whose session this is (`deviceAccountKeyOf`): the persisted cache and the offline queue are kept per
   * account, so a shared phone never shows or sends one user's data as another's.
   */
  account: string | null;
}

const initialToken = read(TOKEN_KEY);
const store = createStore<SessionState>({
  token: initialToken,
  account: initialToken ? read(ACCOUNT_KEY) : null,
});

/** What names an account in the server's answers. */
export type AccountNames = Pick<UserInfo, 'username' | 'account_id'>;

/**
 * How the device names an account: by its lasting id, which no other account ever gets. A username
 * does: a deleted account's name is free to register again, and what the device kept for the old
 * account must never show or go out under the new one. A server of the release before the id sends
 * none; the lower-case name stands in until it does (usernames are unique regardless of case).
 */
export function deviceAccountKeyOf({ username, account_id }: AccountNames): string {
  return account_id ?? username.toLowerCase();
}

/** Why the server ended this device's session, if it did; the entry page says so. */
export type SessionEnd = SessionNotice;

function readEnd(): SessionEnd | null {
  const value = read(END_KEY);
  return SESSION_NOTICES.find((notice) => notice === value) ?? null;
}

// Kept on the device too: a reload right after the server refused the session still says why.
let endedBecause: SessionEnd | null = readEnd();

/** The signed-in session, kept on the device. */
export const session = {
  token: () => store.get().token,
  account: () => store.get().account,
  state: () => store.get(),
  signIn(token: string, user: AccountNames) {
    endedBecause = null;
    write(END_KEY, null);
    const account = deviceAccountKeyOf(user);
    write(TOKEN_KEY, token);
    write(ACCOUNT_KEY, account);
    writeCookie(token);
    store.set({ token, account });
  },
  /** A session handed over by another device (device linking): the account is learnt from the user info. */
  signInWithToken(token: string) {
    endedBecause = null;
    write(END_KEY, null);
    write(TOKEN_KEY, token);
    write(ACCOUNT_KEY, null);
    writeCookie(token);
    store.set({ token, account: null });
  },
  /**
   * Names the session's account from its user info: for a linked device, which learns it only
   * there, and for a session named before the account had its lasting id. Returns the name the
   * device used for this account until now, if it used another: the same session proves it is the
   * same account, so what the device kept under that name is this account's. `sentWith` is the
   * token the user info was read with: an answer for a session that has ended since (signed out, or
   * another account signed in, here or in another tab) names nothing.
   */
  rememberAccount(user: AccountNames, sentWith: string | null): string | null {
    const { token, account } = store.get();
    const key = deviceAccountKeyOf(user);
    if (!token || token !== sentWith || account === key) return null;
    // A server of the release before (during a rolling upgrade) sends no id: a session already
    // named keeps its name rather than going back to the username.
    if (user.account_id === undefined && account !== null) return null;
    // Another tab may have signed in since: the device's stored session is then no longer this one.
    if (read(TOKEN_KEY) === token) write(ACCOUNT_KEY, key);
    store.set({ token, account: key });
    return account;
  },
  /** Forgets the session; `reason` when the server refused it, so every screen tells the same story. */
  /**
   * Signs this tab out. For a session the server `refused`, what the device keeps is cleared only if
   * it still holds that session: another tab may have signed in since, and its session stays (this
   * tab takes it up on its next load).
   */
  clear(reason: SessionEnd | null = null, refused?: string) {
    endedBecause = reason;
    const kept = read(TOKEN_KEY);
    if (refused === undefined || kept === null || kept === refused) {
      write(END_KEY, reason);
      write(TOKEN_KEY, null);
      write(ACCOUNT_KEY, null);
      writeCookie(null);
    }
    store.set({ token: null, account: null });
  },
  endedBecause: () => endedBecause,
  subscribe: store.subscribe,
};

export type Session = typeof session;

/** Re-renders when the user signs in or out. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get().token !== null,
    () => store.get().token !== null,
  );
}

/** The signed-in account's key, or null. */
export function useAccount(): string | null {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get().account,
    () => store.get().account,
  );
}
