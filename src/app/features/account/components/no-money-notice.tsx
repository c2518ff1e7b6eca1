import { Trans } from '@lingui/react/macro';
import { Card } from '#app/components/card.tsx';
import { ShieldIcon } from '#app/components/icons.tsx';

/** Where apps of this kind put "Deposit", Earnest says plainly that it never asks for money (docs/product-rules.md#earnest-never-takes-money-from-users). */
export function NoMoneyNotice() {
  return (
    <Card className="notice">
      <ShieldIcon className="notice-icon" />
      <div>
        <h2>
          <Trans>Earnest never asks you for money</Trans>
        </h2>
        <p>
          <Trans>
            There is no deposit, fee, upgrade or unlock payment. Anyone who asks you to pay to receive your
            earnings is not Earnest.
          </Trans>
        </p>
      </div>
    </Card>
  );
}
