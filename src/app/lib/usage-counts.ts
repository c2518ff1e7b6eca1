import { useSyncExternalStore } from 'react';
import { USAGE_API, USAGE_MAX_PER_EVENT, type UsageEvent } from '#contract/usage.ts';

/**
 * Opt-in usage counts (docs/transparency.md#usage-counts). Off unless the person switched them on, on
 * this device only. While on, events are added up here and sent a few seconds later as bare counts:
 * no session token, no cookie, no id of any kind travels with them.
 */
const KEY = 'earnest.usage-counts';
const SEND_AFTER_MS = 5_000;
const listeners = new Set<() => void>();
let pending: Partial<Record<UsageEvent, number>> = {};
let timer: ReturnType<typeof setTimeout> | null = null;

function readSwitch(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function send() {
  timer = null;
  const counts = pending;
  pending = {};
  if (Object.keys(counts).length === 0 || !readSwitch()) return;
  // Fire and forget: a count lost to a bad connection is not worth a retry queue.
  void fetch(USAGE_API.count, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ counts }),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}

export const usageCounts = {
  enabled: readSwitch,

  /** Switches sharing on or off for this device; off drops whatever was not sent yet. */
  setEnabled(on: boolean) {
    try {
      if (on) localStorage.setItem(KEY, 'on');
      else localStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode): sharing stays off.
    }
    if (!on) pending = {};
    for (const listener of listeners) listener();
  },

  /** Counts one event, only while sharing is on. */
  count(event: UsageEvent) {
    if (!readSwitch()) return;
    pending[event] = Math.min((pending[event] ?? 0) + 1, USAGE_MAX_PER_EVENT);
    timer ??= setTimeout(send, SEND_AFTER_MS);
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether this device shares its usage counts, following the switch. */
export function useUsageCountsEnabled(): boolean {
  return useSyncExternalStore(usageCounts.subscribe, usageCounts.enabled, () => false);
}
