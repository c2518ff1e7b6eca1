import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { AddressSteps } from './address-steps.tsx';

/**
 * The address steps folded into the withdraw screen, with the way to the whole guide; `formShown`
 * while the address form is beside them (offline it is not, and "here" would point at nothing).
 */
export function AddressGuide({ formShown }: { formShown: boolean }) {
  return (
    <details className="card guide">
      <summary>
        <Trans>How do I get my XRP address and tag?</Trans>
      </summary>
      <AddressSteps beside={formShown} />
      <p>
        <Link to="/guide/address" className="text-link">
          <Trans>The whole guide, with the supported exchanges</Trans>
        </Link>
      </p>
    </details>
  );
}
