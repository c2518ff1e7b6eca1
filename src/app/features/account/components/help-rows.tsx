import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '#app/components/dialog.tsx';
import { InfoIcon, ShareIcon, SupportIcon } from '#app/components/icons.tsx';
import { ListRow } from '#app/components/list.tsx';
import { toasts } from '#app/lib/toast-store.ts';
import { shareOrCopy } from '#app/lib/share.ts';

/** About Earnest, contact support and share the app: Mine's help rows. */
export function HelpRows({ supportUrl }: { supportUrl: string | null | undefined }) {
  const [aboutOpen, setAboutOpen] = useState(false);
  const { t } = useLingui();

  function contactSupport() {
    if (!supportUrl) {
      toasts.push('info', t`No support link is set up yet`);
      return;
    }
    window.open(supportUrl, '_blank', 'noopener,noreferrer');
  }

  async function share() {
    const text = t`Earn XRP with daily tasks on Earnest. It never asks you for money.`;
    const outcome = await shareOrCopy({ title: 'Earnest', text, url: window.location.origin });
    if (outcome === 'copied') toasts.push('success', t`Link copied`);
    if (outcome === 'failed') toasts.push('error', t`Copy failed, please copy manually.`);
  }

  return (
    <>
      <ListRow icon={<InfoIcon />} label={<Trans>About Earnest</Trans>} onClick={() => setAboutOpen(true)} />
      <ListRow icon={<SupportIcon />} label={<Trans>Contact support</Trans>} onClick={contactSupport} />
      <ListRow icon={<ShareIcon />} label={<Trans>Share Earnest</Trans>} onClick={() => void share()} />
      <Dialog open={aboutOpen} onClose={() => setAboutOpen(false)} title={<Trans>About Earnest</Trans>}>
        <p>
          <Trans>
            Earnest pays XRP for simple daily tasks and daily interest on your balance. Every amount you see
            is the amount credited, every rule is shown before you start, and withdrawals are marked
            successful only when the payment is final on the XRP Ledger.
          </Trans>
        </p>
        <p>
          <Trans>Earnest never asks you for money.</Trans>
        </p>
        <p>
          <Link to="/transparency" data-testid="about-transparency-link">
            <Trans>Proof of payouts: every payment, with its transaction on the XRP Ledger</Trans>
          </Link>
        </p>
      </Dialog>
    </>
  );
}
