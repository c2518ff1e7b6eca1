import { Trans } from '@lingui/react/macro';
import { Card } from './card.tsx';
import { InfoIcon } from './icons.tsx';

/** What a screen shows until its feature is built: the plain truth, nothing pretended. */
export function NotAvailable() {
  return (
    <Card className="not-available">
      <InfoIcon />
      <p>
        <Trans>This part of Earnest is not available yet.</Trans>
      </p>
    </Card>
  );
}
