import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { approvedTestimonialsQueryOptions } from '../api/testimonials-queries.ts';
import { TestimonialList } from './testimonial-list.tsx';

/** The newest approved reviews on Landing; nothing at all while there are none (docs/transparency.md#testimonials). */
export function TestimonialsSection() {
  const approved = useQuery(approvedTestimonialsQueryOptions());
  const list = approved.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="section" aria-labelledby="testimonials-title" data-testid="landing-testimonials">
      <h2 id="testimonials-title">
        <Trans>What users wrote</Trans>
      </h2>
      <TestimonialList testimonials={list.slice(0, 3)} />
      <p>
        <Link to="/testimonials">
          <Trans>All reviews</Trans>
        </Link>
      </p>
    </section>
  );
}
