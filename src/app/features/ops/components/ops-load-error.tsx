import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { opsMessageOf } from '../lib/ops-error-messages.ts';

/** What a console page shows when its data could not be read: why, and a way to try again. */
export function OpsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <ErrorAlert>
      <p>{i18n._(opsMessageOf(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </ErrorAlert>
  );
}
