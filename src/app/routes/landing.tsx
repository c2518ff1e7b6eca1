import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Loaded } from '#app/components/load-error.tsx';
import { LandingActions } from '#app/features/landing/components/landing-actions.tsx';
import { LandingContent } from '#app/features/landing/components/landing-content.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { EntryHeader } from './-components/entry-header.tsx';
import { XrpPrice } from '#app/features/rates/components/xrp-price.tsx';
import { PayoutTimesNote } from '#app/features/transparency/components/payout-times-note.tsx';
import { TestimonialsSection } from '#app/features/testimonials/components/testimonials-section.tsx';

export const Route = createFileRoute('/landing')({
  staticData: { title: msg`For new users` },
  loader: ({ context }) => context.queryClient.prefetchQuery(publicSettingsQueryOptions()),
  component: LandingPage,
});

function LandingPage() {
  const settings = useQuery(publicSettingsQueryOptions());
  return (
    <main id="main" className="landing-page">
      <EntryHeader
        logoLinksHome
        lead={<Trans>Honest rules, shown before you start. What you see credited is what you get.</Trans>}
      />
      <LandingActions />
      <XrpPrice className="landing-price" />
      <Loaded query={settings}>{(rules) => <LandingContent settings={rules} />}</Loaded>
      <PayoutTimesNote />
      <TestimonialsSection />
    </main>
  );
}
