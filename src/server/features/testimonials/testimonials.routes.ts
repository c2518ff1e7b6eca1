import type { FastifyInstance } from 'fastify';
import {
  MyTestimonialResponseSchema,
  OpsTestimonialDecisionBodySchema,
  OpsTestimonialDecisionResponseSchema,
  OpsTestimonialListResponseSchema,
  OpsTestimonialQuerySchema,
  SubmitTestimonialBodySchema,
  TESTIMONIALS_API,
  TESTIMONIALS_OPS_API,
  TestimonialListResponseSchema,
} from '#contract/testimonials.ts';
import { mapOk } from '#domain/result.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { TestimonialsService } from './testimonials.service.ts';

/** Reviews: anyone reads the approved ones, a user submits one, an operator decides. */
export async function testimonialsRoutes(
  app: FastifyInstance,
  { testimonials }: { testimonials: TestimonialsService },
) {
  const routes = featureRoutes(app, ['testimonials']);

  routes.get(
    TESTIMONIALS_API.list,
    {
      summary: 'Approved reviews by real users, newest first, names masked (empty while there are none)',
      response: TestimonialListResponseSchema,
      access: 'public',
    },
    async () => ({ list: await testimonials.approved() }),
  );

  routes.get(
    TESTIMONIALS_API.mine,
    { summary: "The user's latest review and its state", response: MyTestimonialResponseSchema },
    async ({ userId }) => ({ testimonial: await testimonials.mine(userId) }),
  );

  routes.post(
    TESTIMONIALS_API.submit,
    {
      summary: 'Submits a review, with consent to publish the masked name; shown once approved',
      body: SubmitTestimonialBodySchema,
      response: MyTestimonialResponseSchema,
      failures: [400, 409],
    },
    async ({ session, body }) =>
      mapOk(await testimonials.submit(session, body), (testimonial) => ({ testimonial })),
  );

  routes.get(
    TESTIMONIALS_OPS_API.list,
    {
      summary: 'Reviews by state, newest first, for the operator to decide',
      query: OpsTestimonialQuerySchema,
      response: OpsTestimonialListResponseSchema,
    },
    async ({ query }) => ({ list: await testimonials.forReview(query.status) }),
  );

  for (const [url, approve] of [
    [TESTIMONIALS_OPS_API.approve, true],
    [TESTIMONIALS_OPS_API.reject, false],
  ] as const) {
    routes.post(
      url,
      {
        summary: approve ? 'Approves a pending review (audited)' : 'Rejects a pending review (audited)',
        body: OpsTestimonialDecisionBodySchema,
        response: OpsTestimonialDecisionResponseSchema,
        permission: 'testimonials.review',
        failures: [400, 404, 409],
      },
      ({ operator, request, body }) =>
        testimonials.decide(operator, request.ip, { id: body.id, approve, reason: body.reason }),
    );
  }
}
