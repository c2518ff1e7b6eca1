/** Consecutive failed logins after which an account name is locked (docs/product-rules.md#limits-and-constants). */
export const MAX_FAILED_LOGINS = 5;
/** How long such a lock lasts: 1 day ("please try again in 1 day"). */
export const LOGIN_LOCK_SECONDS = 24 * 60 * 60;

/** Tells whether this many consecutive failures lock the account name. */
export function locksAfter(consecutiveFailures: number): boolean {
  return consecutiveFailures >= MAX_FAILED_LOGINS;
}
