import { z } from 'zod';
import { successSchema } from './envelope.ts';

/** Seed §7: the device's push-messaging token. */
export const SaveFcmTokenBodySchema = z.object({ fcmtoken: z.string().min(1).max(4096) });
export const SaveFcmTokenResponseSchema = successSchema(z.object({}));
