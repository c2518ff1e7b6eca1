import type { ReactNode } from 'react';

/**
 * A payment's transaction on the public ledger explorer the server names (the settings'
 * `explorer_tx_url`, with `{hash}` where the hash goes), opened in a new tab. Without an explorer
 * (settings not loaded yet, or none configured), `fallback` is shown instead: the hash as text.
 * History, the withdrawal records and the transparency page all link a hash this way.
 */
export function TxLink({
  explorerTxUrl,
  hash,
  className,
  testId,
  children,
  fallback,
}: {
  explorerTxUrl: string | undefined;
  hash: string;
  className?: string | undefined;
  testId?: string | undefined;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  if (!explorerTxUrl) return <>{fallback ?? children}</>;
  return (
    <a
      className={className}
      href={explorerTxUrl.replace('{hash}', hash)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {children}
    </a>
  );
}
