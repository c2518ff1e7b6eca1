import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MyTestimonialResponseSchema,
  TESTIMONIALS_API,
  TestimonialListResponseSchema,
} from '#contract/testimonials.ts';
import { apiRequest } from '#app/lib/http.ts';
import { apiQueryOptions } from '#app/lib/api-query.ts';

export const testimonialKeys = {
  approved: () => ['testimonials', 'approved'] as const,
  mine: () => ['testimonials', 'mine'] as const,
};

/** Reviews an operator approved; an empty list while there are none. */
export const approvedTestimonialsQueryOptions = () =>
  apiQueryOptions(testimonialKeys.approved(), TESTIMONIALS_API.list, TestimonialListResponseSchema, {
    pick: (d) => d.list,
  });

/** The signed-in user's latest review and its state. */
export const myTestimonialQueryOptions = () =>
  apiQueryOptions(testimonialKeys.mine(), TESTIMONIALS_API.mine, MyTestimonialResponseSchema, {
    pick: (d) => d.testimonial,
  });

export function useSubmitTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; consent: boolean }) =>
      apiRequest(TESTIMONIALS_API.submit, MyTestimonialResponseSchema, { method: 'post', json: body }),
    onSuccess: (data) => queryClient.setQueryData(testimonialKeys.mine(), data.testimonial),
  });
}
