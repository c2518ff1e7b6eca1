import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { messageOf } from '#app/lib/error-messages.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
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

/**
 * A screen's main data: what it shows once read, why it could not be read (with a retry), or a
 * skeleton while it loads. `hold` keeps the skeleton up while something shown with it is still coming.
 */
export function Loaded<T>({
  query,
  hold = false,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  hold?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.data && !hold) return children(query.data);
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Card className="skeleton" aria-busy="true" aria-label={t`Loading...`} />;
}
