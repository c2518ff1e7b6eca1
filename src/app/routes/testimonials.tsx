import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { TestimonialsView } from '#app/features/testimonials/components/testimonials-view.tsx';

// Public: reviews real users agreed to publish, once an operator approved them (docs/transparency.md#testimonials).
export const Route = createFileRoute('/testimonials')({
  staticData: { title: msg`Reviews` },
  component: TestimonialsPage,
});

function TestimonialsPage() {
  return (
    <main id="main" className="plain-content">
      <PageHeader back title={<Trans>Reviews</Trans>} />
      <TestimonialsView />
    </main>
  );
}
