import { useEffect } from 'react';
import type { WithdrawLog } from '#contract/withdraw.ts';
import { celebrate } from '#app/lib/celebrate-store.ts';

const KEY = 'earnest.celebrated-withdrawals';

function celebrated(): Set<number> {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

/**
 * The first time this device shows a withdrawal as paid (final on the ledger), a small celebration;
 * never again for that withdrawal. The ids are kept on the device, like the language.
 */
export function usePaidCelebration(logs: readonly WithdrawLog[]) {
  useEffect(() => {
    const seen = celebrated();
    const paid = logs.filter((log) => log.status === 'success' && !seen.has(log.id));
    if (paid.length === 0) return;
    for (const log of paid) seen.add(log.id);
    try {
      localStorage.setItem(KEY, JSON.stringify([...seen].slice(-50)));
    } catch {
      // Storage full or refused: the worst case is one more celebration later.
    }
    celebrate();
  }, [logs]);
}
