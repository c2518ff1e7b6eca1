import { z } from 'zod';
import { EpochSecondsSchema, successSchema } from './envelope.ts';

/** What a signed-out device gets: the code to show, and the secret only it keeps. */
export const PairingStartSchema = z.object({
  code: z.string(),
  secret: z.string(),
  expires_time: EpochSecondsSchema,
});
export type PairingStart = z.infer<typeof PairingStartSchema>;
export const PairingStartResponseSchema = successSchema(PairingStartSchema);

export const PairingStateBodySchema = z.object({
  code: z.string().max(32).default(''),
  secret: z.string().max(100).default(''),
});
export const PairingStateSchema = z.object({
  state: z.enum(['waiting', 'approved', 'expired', 'used', 'unknown']),
  /** Once approved: the new device's session token, handed out once. */
  token: z.string().nullable(),
});
export type PairingState = z.infer<typeof PairingStateSchema>;
export const PairingStateResponseSchema = successSchema(PairingStateSchema);

export const LinkCodeBodySchema = z.object({ code: z.string().max(32).default('') });
export const ApproveLinkBodySchema = z.object({
  code: z.string().max(32).default(''),
  password: z.string().max(1000).default(''),
});

/**
 * A device as its User-Agent names it: product names ("Chrome", "Android"), which no language
 * translates, or null when unknown; the app words "unknown" in the user's language. Caches written
 * before these could be null hold English labels in their place, which still render.
 */
const DeviceNameFields = {
  browser: z.string().nullable(),
  os: z.string().nullable(),
};

/** What will be linked, for the user to recognise (docs/product-rules.md#device-linking-stays-inside-earnest). */
export const LinkPreviewSchema = z.object({
  ...DeviceNameFields,
  /**
   * Approximate country from the IP, when a trusted proxy says it: an ISO 3166-1 alpha-2 code ("NL")
   * that the app names in the user's language; null otherwise.
   */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  requested_time: EpochSecondsSchema,
  expires_time: EpochSecondsSchema,
});
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;
export const LinkPreviewResponseSchema = successSchema(LinkPreviewSchema);

export const DeviceSessionSchema = z.object({
  id: z.number().int(),
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
    latest_link: z
      .object({ ...DeviceNameFields, linked_time: EpochSecondsSchema, revoked: z.boolean() })
      .nullable(),
  }),
);
export const RevokeDeviceBodySchema = z.object({ id: z.coerce.number().int().positive() });
