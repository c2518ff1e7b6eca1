import { z } from 'zod/mini';
import { PUSH_TOPICS } from '#domain/push/topics.ts';
import { successSchema } from './envelope.ts';

/**
 * The device's push-messaging token (a Web Push subscription as JSON, or an FCM token): printable
 * ASCII, as both are, and short enough for the database's unique index (2,704 bytes at most; real
 * ones are under 1,000).
 */
export const SaveFcmTokenBodySchema = z.object({
  fcmtoken: z.string().check(z.minLength(1), z.maxLength(2048), z.regex(/^[\x20-\x7e]+$/)),
});
export const SaveFcmTokenResponseSchema = successSchema(z.object({}));

export const PushTopicSchema = z.enum(PUSH_TOPICS);

/** What the app needs to subscribe, and the user's choices of what to be told. */
export const PushSettingsSchema = z.object({
  /** The server's VAPID public key (base64url), for standard Web Push. */
  vapid_public_key: z.string(),
  topics: z.object({
    withdrawals: z.boolean(),
    devices: z.boolean(),
    ad: z.boolean(),
    tasks: z.boolean(),
  }),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;
export const PushSettingsResponseSchema = successSchema(PushSettingsSchema);

const FormBoolean = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
]);
export const SetPushTopicBodySchema = z.object({ topic: PushTopicSchema, enabled: FormBoolean });

/** The notification task's check: a test push to this device, which its service worker acknowledges. */
export const PushTestBodySchema = SaveFcmTokenBodySchema;
export const PushTestResponseSchema = successSchema(z.object({ sent_time: z.number().check(z.int()) }));

/** Sent by the service worker when the test push arrives; the code itself is the proof, no session. */
export const PushAckBodySchema = z.object({ ack: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/)) });
export const PushAckResponseSchema = successSchema(z.object({}));
