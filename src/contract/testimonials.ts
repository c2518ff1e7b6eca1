import { z } from 'zod/mini';
import { bodyText, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';

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

export const PublicTestimonialSchema = z.strictObject({
  id: z.number().check(z.int()),
  name: z.string(),
  text: z.string(),
  time: EpochSecondsSchema,
});
export type PublicTestimonial = z.infer<typeof PublicTestimonialSchema>;
export const TestimonialListResponseSchema = successSchema(
  z.strictObject({ list: z.array(PublicTestimonialSchema) }),
);

/** Checked by the service, so a missing consent and a wrong length each get their own message. */
export const SubmitTestimonialBodySchema = z.object({
  text: bodyText(5000),
  /** Consent to publish the masked name: nothing is kept without it. Forms send "true". */
  consent: z.pipe(
    z._default(z.union([z.boolean(), z.enum(['true', 'false'])]), false),
    z.transform((value) => value === true || value === 'true'),
  ),
});
export type SubmitTestimonialBody = z.input<typeof SubmitTestimonialBodySchema>;

export const MyTestimonialSchema = z.strictObject({
  id: z.number().check(z.int()),
  text: z.string(),
  name: z.string(),
  status: z.enum(TESTIMONIAL_STATUSES),
  time: EpochSecondsSchema,
});
export type MyTestimonial = z.infer<typeof MyTestimonialSchema>;
/** The user's latest review, or null. */
export const MyTestimonialResponseSchema = successSchema(
  z.strictObject({ testimonial: z.nullable(MyTestimonialSchema) }),
);

export const OpsTestimonialQuerySchema = z.strictObject({
  status: z._default(z.enum(TESTIMONIAL_STATUSES), 'pending'),
});
// Strict, as the schema it extends.
export const OpsTestimonialSchema = z.extend(MyTestimonialSchema, {
  decided_time: z.nullable(EpochSecondsSchema),
});
export type OpsTestimonial = z.infer<typeof OpsTestimonialSchema>;
export const OpsTestimonialListResponseSchema = successSchema(
  z.strictObject({ list: z.array(OpsTestimonialSchema) }),
);
export const OpsTestimonialDecisionBodySchema = z.object({
  id: wireInt(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  reason: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
});
export const OpsTestimonialDecisionResponseSchema = successSchema(OpsTestimonialSchema);
