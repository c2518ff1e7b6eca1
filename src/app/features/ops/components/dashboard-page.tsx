import { lazy, Suspense } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#contract/ops-dashboard.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatCount, formatDateTime } from '#app/lib/format.ts';
import { dashboardQueryOptions } from '../api/dashboard-queries.ts';
import { opsMeQueryOptions } from '../api/ops-queries.ts';
import { LEDGER_KIND_LABELS } from '../lib/ledger-kind-labels.ts';
import { ConsolePage, ConsoleTable, Figure, Loading, LoadState } from './console.tsx';

// The chart library loads only when the chart is drawn, after the figures are on screen.
const DashboardChart = lazy(() => import('./dashboard-chart.tsx'));

/** The console's first page: the figures an operator runs Earnest by, computed when asked. */
export function DashboardPage() {
  const { t } = useLingui();
  const me = useQuery(opsMeQueryOptions());
  const dashboard = useQuery(dashboardQueryOptions());
  return (
    <ConsolePage title={t`Dashboard`}>
      {me.data ? <SessionNote idleMinutes={me.data.idle_minutes} endsTime={me.data.ends_time} /> : null}
      <LoadState query={dashboard} showLoading />
      {dashboard.data ? <Figures data={dashboard.data} /> : null}
    </ConsolePage>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { i18n } = useLingui();
  const computed = formatDateTime(data.computed_time);
  const zone = data.time_zone;
  const open = data.open_withdrawals;
  const oldest = open.oldest_time === null ? null : formatDateTime(open.oldest_time);
  return (
    <>
      <p className="muted">
        <Trans>
          Computed from the database at {computed}. “Today” began at midnight ({zone}).
        </Trans>
      </p>
      <h2>
        <Trans>Users and activity</Trans>
      </h2>
      <dl className="ops-figures">
        <Figure label={<Trans>Users</Trans>} testId="fig-users-total">
          {formatCount(data.users.total)}
        </Figure>
        <Figure label={<Trans>Active today</Trans>} testId="fig-users-active">
          {formatCount(data.users.active_today)}
        </Figure>
        <Figure label={<Trans>New today</Trans>} testId="fig-users-new">
          {formatCount(data.users.new_today)}
        </Figure>
        <Figure label={<Trans>Tasks completed today</Trans>} testId="fig-tasks">
          {formatCount(data.tasks_completed_today)}
        </Figure>
        <Figure label={<Trans>SMS sent today</Trans>} testId="fig-sms">
          {formatCount(data.sms_sent_today)}
        </Figure>
        <Figure label={<Trans>Reminder and test pushes sent today</Trans>} testId="fig-pushes">
          {formatCount(data.pushes_sent_today)}
        </Figure>
      </dl>

      <h2>
        <Trans>Money</Trans>
      </h2>
      <dl className="ops-figures">
        <Figure label={<Trans>Owed to users (sum of balances)</Trans>} testId="fig-owed">
          <XrpAmount amount={data.owed} />
        </Figure>
        <Figure label={<Trans>Open withdrawals</Trans>} testId="fig-open">
          <span>
            {formatCount(open.count)} · <XrpAmount amount={open.amount} />
          </span>
          {oldest !== null ? (
            <small className="muted">
              <Trans>oldest requested {oldest}</Trans>
            </small>
          ) : null}
        </Figure>
        <WalletFigures wallet={data.wallet} owedWithOpen={data.owed_with_open} />
      </dl>

      <h2>
        <Trans>Credited today, by kind</Trans>
      </h2>
      <ConsoleTable
        rows={data.credited_today}
        empty={<Trans>Nothing has been credited today yet.</Trans>}
        testId="credited-today"
        rowKey={(row) => row.kind}
        rowData={(row) => ({ 'data-kind': row.kind })}
        columns={[
          {
            head: <Trans>Kind</Trans>,
            cell: (row) => {
              const label = LEDGER_KIND_LABELS[row.kind];
              return label ? i18n._(label) : row.kind;
            },
          },
          { head: <Trans>Entries</Trans>, num: true, cell: (row) => formatCount(row.entries) },
          { head: <Trans>Amount</Trans>, num: true, cell: (row) => <XrpAmount amount={row.amount} /> },
        ]}
      />

      <h2>
        <Trans>The last 30 days</Trans>
      </h2>
      <Suspense fallback={<Loading />}>
        <DashboardChart days={data.days} />
      </Suspense>
      <details className="ops-days">
        <summary>
          <Trans>The figures, day by day</Trans>
        </summary>
        <ConsoleTable
          rows={data.days}
          testId="dashboard-days"
          rowKey={(day) => day.day}
          columns={[
            { head: <Trans>Day</Trans>, className: 'code', cell: (day) => day.day },
            {
              head: <Trans>Credited (XRP)</Trans>,
              num: true,
              cell: (day) => <XrpAmount amount={day.credited} />,
            },
            {
              head: <Trans>Withdrawals paid (XRP)</Trans>,
              num: true,
              cell: (day) => <XrpAmount amount={day.paid} />,
            },
          ]}
        />
      </details>
    </>
  );
}

function WalletFigures({ wallet, owedWithOpen }: { wallet: Dashboard['wallet']; owedWithOpen: string }) {
  if (wallet === null) {
    return (
      <Figure label={<Trans>Payout wallet</Trans>} testId="fig-wallet">
        <small className="muted">
          <Trans>The XRP Ledger is not configured on this server: no wallet to read.</Trans>
        </small>
      </Figure>
    );
  }
  return (
    <>
      <Figure label={<Trans>Payout wallet on the ledger</Trans>} testId="fig-wallet">
        {wallet.balance !== null ? (
          <XrpAmount amount={wallet.balance} />
        ) : (
          <small role="alert">
            <Trans>The XRP Ledger could not be read just now.</Trans>
          </small>
        )}
        <small className="code">{wallet.address}</small>
      </Figure>
      <Figure
        label={<Trans>Reserve ratio (wallet ÷ owed, open withdrawals included)</Trans>}
        testId="fig-reserve"
      >
        {wallet.reserve_ratio ?? '—'}
        {wallet.balance !== null && wallet.reserve_ratio === null ? (
          <small className="muted">
            <Trans>Nothing is owed.</Trans>
          </small>
        ) : (
          <small className="muted">
            <Trans>
              owed in all: <XrpAmount amount={owedWithOpen} />
            </Trans>
          </small>
        )}
      </Figure>
    </>
  );
}

function SessionNote({ idleMinutes, endsTime }: { idleMinutes: number; endsTime: number }) {
  const ends = formatDateTime(endsTime);
  return (
    <p className="muted">
      <Trans>
        Your session ends after <Plural value={idleMinutes} one="# minute" other="# minutes" /> without
        activity, and at {ends} at the latest.
      </Trans>
    </p>
  );
}
