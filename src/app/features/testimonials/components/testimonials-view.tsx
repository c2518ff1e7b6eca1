import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '#app/components/load-error.tsx';
import { approvedTestimonialsQueryOptions } from '../api/testimonials-queries.ts';
import { TestimonialList } from './testimonial-list.tsx';

/** Every approved review; while there is none, only that plain fact. */
export function TestimonialsView() {
  const approved = useQuery(approvedTestimonialsQueryOptions());
  return (
    <>
      <p>
        <Trans>
          Written by Earnest's users, who agreed to publish them with their masked name. An operator checks
          each one before it is shown; none is written by Earnest.
        </Trans>
      </p>
      {approved.isError ? <LoadError error={approved.error} onRetry={() => void approved.refetch()} /> : null}
      {approved.data && approved.data.length > 0 ? <TestimonialList testimonials={approved.data} /> : null}
      {approved.data?.length === 0 ? (
        <p className="muted" data-testid="testimonials-none">
          <Trans>No review has been published yet.</Trans>
        </p>
      ) : null}
    </>
  );
}
