import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { approvedTestimonialsQueryOptions } from '../api/testimonials-queries.ts';
import { TestimonialList } from './testimonial-list.tsx';
import { Section } from '#app/components/section.tsx';

/** The newest approved reviews on Landing; nothing at all while there are none (docs/transparency.md#testimonials). */
export function TestimonialsSection() {
  const approved = useQuery(approvedTestimonialsQueryOptions());
  const list = approved.data ?? [];
  if (list.length === 0) return null;
  return (
    <Section
      titleId="testimonials-title"
      title={<Trans>What users wrote</Trans>}
      testId="landing-testimonials"
    >
      <TestimonialList testimonials={list.slice(0, 3)} />
      <p>
        <Link to="/testimonials">
          <Trans>All reviews</Trans>
        </Link>
      </p>
    </Section>
  );
}
