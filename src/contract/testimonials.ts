import { z } from 'zod';
import { EpochSecondsSchema, successSchema } from './envelope.ts';

/**
 * Reviews by real users who agreed to publish their masked name (docs/transparency.md#testimonials),
 * shown once an operator approved them.
 */
export const TESTIMONIALS_API = {
  list: '/api/testimonials/list',
  mine: '/api/testimonials/mine',
  submit: '/api/testimonials/submit',
} as const;

/** The console's side: under /api/ops/, operators only. */
export const TESTIMONIALS_OPS_API = {
  list: '/api/ops/testimonials',
  approve: '/api/ops/testimonials/approve',
  reject: '/api/ops/testimonials/reject',
} as const;

export const TESTIMONIAL_MIN = 10;
export const TESTIMONIAL_MAX = 500;
export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

export const PublicTestimonialSchema = z
  .object({ id: z.number().int(), name: z.string(), text: z.string(), time: EpochSecondsSchema })
  .strict();
export type PublicTestimonial = z.infer<typeof PublicTestimonialSchema>;
export const TestimonialListResponseSchema = successSchema(
  z.object({ list: z.array(PublicTestimonialSchema) }).strict(),
);

/** Checked by the service, so a missing consent and a wrong length each get their own message. */
export const SubmitTestimonialBodySchema = z.object({
  text: z.string().max(5000).default(''),
  /** Consent to publish the masked name: nothing is kept without it. Forms send "true". */
  consent: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((value) => value === true || value === 'true'),
});
export type SubmitTestimonialBody = z.input<typeof SubmitTestimonialBodySchema>;

export const MyTestimonialSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    name: z.string(),
    status: z.enum(TESTIMONIAL_STATUSES),
    time: EpochSecondsSchema,
  })
  .strict();
export type MyTestimonial = z.infer<typeof MyTestimonialSchema>;
/** The user's latest review, or null. */
export const MyTestimonialResponseSchema = successSchema(
  z.object({ testimonial: MyTestimonialSchema.nullable() }).strict(),
);

export const OpsTestimonialQuerySchema = z
  .object({ status: z.enum(TESTIMONIAL_STATUSES).default('pending') })
  .strict();
export const OpsTestimonialSchema = MyTestimonialSchema.extend({
  decided_time: z.nullable(EpochSecondsSchema),
}).strict();
export type OpsTestimonial = z.infer<typeof OpsTestimonialSchema>;
export const OpsTestimonialListResponseSchema = successSchema(
  z.object({ list: z.array(OpsTestimonialSchema) }).strict(),
);
export const OpsTestimonialDecisionBodySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().max(500).default(''),
});
export const OpsTestimonialDecisionResponseSchema = successSchema(OpsTestimonialSchema);
