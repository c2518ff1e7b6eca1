import { Trans, useLingui } from '@lingui/react/macro';
import { messageOf } from '#app/lib/error-messages.ts';
import { Button } from './button.tsx';
import { ErrorAlert } from './error-alert.tsx';

/** What a screen shows when its data could not be loaded: why, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <ErrorAlert>
      <p>{i18n._(messageOf(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </ErrorAlert>
  );
}
