/**
 * Business result codes in the envelope's `code` (docs/product-rules.md#api-conventions). Kept apart from the schemas so the
 * service worker can read them without bundling Zod.
 */
export const RESULT = {
  ok: 1,
  failed: 0,
  /** No session was presented where one is required. */
  loginRequired: 303,
} as const;
