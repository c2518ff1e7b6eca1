import { deviceAccountKeyOf, type AccountNames } from './session.ts';

/** What the device needs to know of an account to move what it kept under a former name. */
export type RefiledAccount = AccountNames & { created_time: number };

/**
 * What the device kept under the account's former name follows the account: the offline queue's
 * entries made since the account was created are filed under its name now (sw/queue-replay.ts), and
 * the cached copy is forgotten (it is read anew under the new name).
 */
export async function refileAccount(from: string, account: RefiledAccount): Promise<void> {
  const to = deviceAccountKeyOf(account);
  if (from === to) return;
  (await import('#app/pwa/sync-queue.ts')).refileQueued(from, to, account.created_time * 1000);
  await (await import('./query-persistence.ts')).forgetPersistedCache(from);
}

/**
 * At sign-in: what a release before the lasting id kept under the username, for a session that had
 * ended (no live session is left to rename it, `session.rememberAccount`), is the account's again.
 */
export function adoptKeptUnderUsername(account: RefiledAccount): Promise<void> {
  return refileAccount(account.username.toLowerCase(), account);
}
