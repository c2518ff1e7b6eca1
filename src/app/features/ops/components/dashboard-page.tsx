import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '#app/lib/format.ts';
import { opsMeQueryOptions } from '../api/ops-queries.ts';
import { OpsLoadError } from './ops-load-error.tsx';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** The console's first page. */
export function DashboardPage() {
  const { t } = useLingui();
  useOpsTitle(t`Dashboard`);
  const me = useQuery(opsMeQueryOptions());
  return (
    <div className="ops-page">
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      {me.isError ? <OpsLoadError error={me.error} onRetry={() => void me.refetch()} /> : null}
      {me.data ? <SessionNote idleMinutes={me.data.idle_minutes} endsTime={me.data.ends_time} /> : null}
    </div>
  );
}

function SessionNote({ idleMinutes, endsTime }: { idleMinutes: number; endsTime: number }) {
  const ends = formatDateTime(endsTime);
  return (
    <p className="muted">
      <Trans>
        Your session ends after {idleMinutes} minutes without activity, and at {ends} at the latest.
      </Trans>
    </p>
  );
}
