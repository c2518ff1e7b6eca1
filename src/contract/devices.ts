import { z } from 'zod/mini';
import { bodyText, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';

/** What a signed-out device gets: the code to show, and the secret only it keeps. */
export const PairingStartSchema = z.object({
  code: z.string(),
  secret: z.string(),
  expires_time: EpochSecondsSchema,
});
export type PairingStart = z.infer<typeof PairingStartSchema>;
export const PairingStartResponseSchema = successSchema(PairingStartSchema);

export const PairingStateBodySchema = z.object({
  code: bodyText(32),
  secret: bodyText(100),
});
export const PairingStateSchema = z.object({
  state: z.enum(['waiting', 'approved', 'expired', 'used', 'unknown']),
  /** Once approved: the new device's session token, handed out once. */
  token: z.nullable(z.string()),
});
export type PairingState = z.infer<typeof PairingStateSchema>;
export const PairingStateResponseSchema = successSchema(PairingStateSchema);

export const LinkCodeBodySchema = z.object({ code: bodyText(32) });
export const ApproveLinkBodySchema = z.object({
  code: bodyText(32),
  password: bodyText(1000),
});

/**
 * A device as its User-Agent names it: product names ("Chrome", "Android"), which no language
 * translates, or null when unknown; the app words "unknown" in the user's language. Caches written
 * before these could be null hold English labels in their place, which still render.
 */
const DeviceNameFields = {
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
};

/** What will be linked, for the user to recognise (docs/product-rules.md#device-linking-stays-inside-earnest). */
export const LinkPreviewSchema = z.object({
  ...DeviceNameFields,
  /**
   * Approximate country from the IP, when a trusted proxy says it: an ISO 3166-1 alpha-2 code ("NL")
   * that the app names in the user's language; null otherwise.
   */
  country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
  requested_time: EpochSecondsSchema,
  expires_time: EpochSecondsSchema,
});
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;
export const LinkPreviewResponseSchema = successSchema(LinkPreviewSchema);

export const DeviceSessionSchema = z.object({
  id: z.number().check(z.int()),
  ...DeviceNameFields,
  current: z.boolean(),
  created_time: EpochSecondsSchema,
  last_seen_time: EpochSecondsSchema,
  linked_time: z.nullable(EpochSecondsSchema),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;
export const DeviceListResponseSchema = successSchema(
  z.object({
    list: z.array(DeviceSessionSchema),
    latest_link: z.nullable(
      z.object({ ...DeviceNameFields, linked_time: EpochSecondsSchema, revoked: z.boolean() }),
    ),
  }),
);
export const RevokeDeviceBodySchema = z.object({ id: wireInt(z.positive()) });
export const LinkApproveResponseSchema = successSchema(z.object({ approved: z.literal(true) }));
export const RevokeDeviceResponseSchema = successSchema(z.object({ revoked: z.boolean() }));
