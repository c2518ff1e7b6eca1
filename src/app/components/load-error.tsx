import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { messageOf } from '#app/lib/error-messages.ts';
import { Button } from './button.tsx';
import { ErrorAlert } from './error-alert.tsx';

/**
 * What a screen shows when its data could not be loaded: why, and a way to try again. The operator
 * console words its own errors (`describe`).
 */
export function LoadError({
  error,
  onRetry,
  describe = messageOf,
}: {
  error: unknown;
  onRetry: () => void;
  describe?: (error: unknown) => MessageDescriptor;
}) {
  const { i18n } = useLingui();
  return (
    <ErrorAlert>
      <p>{i18n._(describe(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </ErrorAlert>
  );
}
