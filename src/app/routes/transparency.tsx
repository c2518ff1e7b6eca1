import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { transparencySummaryQueryOptions } from '#app/features/transparency/api/transparency-queries.ts';
import { TransparencyView } from '#app/features/transparency/components/transparency-view.tsx';

// Public: anyone, signed in or not, can check that Earnest pays (docs/transparency.md).
export const Route = createFileRoute('/transparency')({
  staticData: { title: msg`Proof of payouts` },
  loader: ({ context }) => void context.queryClient.prefetchQuery(transparencySummaryQueryOptions()),
  component: TransparencyPage,
});

function TransparencyPage() {
  return (
    <main id="main" className="plain-content">
      <PageHeader back title={<Trans>Proof of payouts</Trans>} />
      <TransparencyView />
    </main>
  );
}
