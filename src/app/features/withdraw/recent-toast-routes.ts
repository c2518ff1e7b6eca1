/** Where the recent-withdrawals notice never shows. */
export const RECENT_TOAST_HIDDEN_ON: ReadonlySet<string> = new Set([
  '/',
  '/landing',
  '/withdraw/status',
  '/withdraw/kyc',
]);
