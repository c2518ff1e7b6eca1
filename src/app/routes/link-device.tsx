import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { PairingScreen } from '#app/features/devices/components/pairing-screen.tsx';
import { EntryHeader } from './-components/entry-header.tsx';

export const Route = createFileRoute('/link-device')({
  staticData: { title: msg`Sign in with another device` },
  beforeLoad: ({ context }) => {
    if (context.session.token()) throw redirect({ to: '/home' });
  },
  component: LinkDevicePage,
});

function LinkDevicePage() {
  return (
    <main id="main" className="landing-page">
      <EntryHeader lead={<Trans>Sign in with another device</Trans>} />
      <PairingScreen />
    </main>
  );
}
