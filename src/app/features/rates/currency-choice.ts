import { useSyncExternalStore } from 'react';
import { createStore } from '#app/lib/external-store.ts';

const STORAGE_KEY = 'earnest.currency';

/**
 * The currency the user chose on this device for the value of 1 XRP: an ISO 4217 code, 'none' (show
 * no value), or undefined (never chosen: the browser's region and the language decide).
 */
const store = createStore<string | undefined>(read());

function read(): string | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'none' || (value !== null && /^[A-Z]{3}$/.test(value)) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function useChosenCurrency(): string | undefined {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Remembers the choice on the device; undefined goes back to the automatic choice. */
export function chooseCurrency(choice: string | undefined): void {
  try {
    if (choice === undefined) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
  store.set(choice);
}
