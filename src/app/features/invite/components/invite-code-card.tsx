import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { copyText, shareOrCopy } from '#app/lib/share.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { Isolate } from '#app/components/isolate.tsx';

/** The permanent code, and a link that fills it in at registration; copy and share. */
export function InviteCodeCard({ code }: { code: string }) {
  const { t } = useLingui();
  const link = `${window.location.origin}/?invite=${encodeURIComponent(code)}`;

  async function copy(text: string) {
    if (await copyText(text)) toasts.push('success', t`Code copied`);
    else toasts.push('error', t`Copy failed, please copy manually.`);
  }

  async function share() {
    const text = t`Join me on Earnest: daily tasks that pay XRP, and it never asks you for money. My code: ${code}`;
    const outcome = await shareOrCopy({ title: 'Earnest', text, url: link });
    if (outcome === 'copied') toasts.push('success', t`Link copied`);
    if (outcome === 'failed') toasts.push('error', t`Couldn't share the link`);
  }

  return (
    <Card className="invite-code-card">
      <p className="muted">
        <Trans>Your permanent invitation code</Trans>
      </p>
      <p className="invite-code">
        <Isolate className="code" testId="invite-code">
          {code}
        </Isolate>
      </p>
      <p className="muted invite-link">
        <Isolate className="code" testId="invite-link">
          {link}
        </Isolate>
      </p>
      <div className="button-row">
        <Button variant="secondary" onClick={() => void copy(code)}>
          <Trans>Copy code</Trans>
        </Button>
        <Button variant="secondary" onClick={() => void copy(link)}>
          <Trans>Copy link</Trans>
        </Button>
        <Button onClick={() => void share()}>
          <Trans>Share</Trans>
        </Button>
      </div>
    </Card>
  );
}
