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
 * What a screen shows offline for data this device never read: a read the query library paused until
 * the network is back is no error, and would otherwise stay a "Loading..." skeleton for as long as the
 * device is offline.
 */
export function NotReadYet({ onRetry }: { onRetry: () => void }) {
  return (
    <Card data-testid="not-read-yet">
      <p>
        <Trans>
          You are offline, and this was never saved on this device. It shows once Earnest can be reached.
        </Trans>
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Card>
  );
}

/** The parts of a query a screen's loading states read. */
export interface LoadingQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  /** 'paused': the read waits for the network (offline). */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => Promise<unknown>;
}

/**
 * A screen's main data: what it shows once read, why it could not be read (with a retry), that it
 * cannot be read offline, or a skeleton while it loads. `hold` keeps the skeleton up while something
 * shown with it is still coming.
 */
export function Loaded<T>({
  query,
  hold = false,
  children,
}: {
  query: LoadingQuery<T>;
  hold?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.data && !hold) return children(query.data);
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data && query.fetchStatus === 'paused')
    return <NotReadYet onRetry={() => void query.refetch()} />;
  return <Card className="skeleton" aria-busy="true" aria-label={t`Loading...`} />;
}
