import { useSyncExternalStore } from 'react';
import { sessionCookie } from '#contract/prerendered-pages.ts';
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
   * Whose session this is (the lower-case username): the persisted cache and the offline queue are
   * kept per account, so a shared phone never shows or sends one user's data as another's.
   */
  account: string | null;
}

const initialToken = read(TOKEN_KEY);
const store = createStore<SessionState>({
  token: initialToken,
  account: initialToken ? read(ACCOUNT_KEY) : null,
});

/** Usernames are unique regardless of case; the device names an account by its lower-case name. */
export function accountKeyOf(username: string): string {
  return username.toLowerCase();
}

/** Why the server ended this device's session, if it did; the entry page says so. */
export type SessionEnd = 'login_required' | 'session_expired';

function readEnd(): SessionEnd | null {
  const value = read(END_KEY);
  return value === 'login_required' || value === 'session_expired' ? value : null;
}

// Kept on the device too: a reload right after the server refused the session still says why.
let endedBecause: SessionEnd | null = readEnd();

/** The signed-in session, kept on the device. */
export const session = {
  token: () => store.get().token,
  account: () => store.get().account,
  state: () => store.get(),
  signIn(token: string, username: string) {
    endedBecause = null;
    write(END_KEY, null);
    const account = accountKeyOf(username);
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
  /** For a session from before accounts were remembered: learnt from the user info. */
  rememberAccount(username: string) {
    const { token, account } = store.get();
    const key = accountKeyOf(username);
    if (!token || account === key) return;
    write(ACCOUNT_KEY, key);
    store.set({ token, account: key });
  },
  /** Forgets the session; `reason` when the server refused it, so every screen tells the same story. */
  clear(reason: SessionEnd | null = null) {
    endedBecause = reason;
    write(END_KEY, reason);
    write(TOKEN_KEY, null);
    write(ACCOUNT_KEY, null);
    writeCookie(null);
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
