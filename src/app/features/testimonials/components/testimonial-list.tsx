import { Trans } from '@lingui/react/macro';
import type { PublicTestimonial } from '#contract/testimonials.ts';
import { Card } from '#app/components/card.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { formatDateTime } from '#app/lib/format.ts';

/** Approved reviews, each with the masked name its author agreed to and the date it was written. */
export function TestimonialList({ testimonials }: { testimonials: PublicTestimonial[] }) {
  return (
    <ul className="testimonial-list" data-testid="testimonials">
      {testimonials.map((item) => {
        const name = <Isolate>{item.name}</Isolate>;
        const date = <Isolate dir="auto">{formatDateTime(item.time)}</Isolate>;
        return (
          <li key={item.id}>
            <Card className="testimonial" data-testid="testimonial">
              <blockquote dir="auto">{item.text}</blockquote>
              <p className="muted">
                <Trans>
                  {name}, on {date}
                </Trans>
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
