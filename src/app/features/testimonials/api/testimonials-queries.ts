import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MyTestimonialResponseSchema,
  TESTIMONIALS_API,
  TestimonialListResponseSchema,
} from '#contract/testimonials.ts';
import { apiRequest } from '#app/lib/http.ts';

export const testimonialKeys = {
  approved: () => ['testimonials', 'approved'] as const,
  mine: () => ['testimonials', 'mine'] as const,
};

/** Reviews an operator approved; an empty list while there are none. */
export const approvedTestimonialsQueryOptions = () =>
  queryOptions({
    queryKey: testimonialKeys.approved(),
    queryFn: async () => (await apiRequest(TESTIMONIALS_API.list, TestimonialListResponseSchema)).list,
  });

/** The signed-in user's latest review and its state. */
export const myTestimonialQueryOptions = () =>
  queryOptions({
    queryKey: testimonialKeys.mine(),
    queryFn: async () => (await apiRequest(TESTIMONIALS_API.mine, MyTestimonialResponseSchema)).testimonial,
  });

export function useSubmitTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; consent: boolean }) =>
      apiRequest(TESTIMONIALS_API.submit, MyTestimonialResponseSchema, { method: 'post', json: body }),
    onSuccess: (data) => queryClient.setQueryData(testimonialKeys.mine(), data.testimonial),
  });
}
