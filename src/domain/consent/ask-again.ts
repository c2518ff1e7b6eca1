/**
 * Respect no (docs/product-rules.md#respect-no): when a user says no to a prompt of ours (install the app, allow notifications), we do not ask
 * again for a week. Only a user's gesture opens such a prompt in the first place.
 */
export const ASK_AGAIN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a prompt the user last refused at `refusedAt` (null: never) may be offered at `now`. */
export function mayAskAgain(refusedAt: number | null, now: number): boolean {
  return refusedAt === null || now - refusedAt >= ASK_AGAIN_AFTER_MS;
}
