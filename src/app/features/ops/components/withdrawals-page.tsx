import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { QUEUE_STATES, type OpsWithdrawal, type QueueState } from '#contract/ops-withdrawals.ts';
import { can } from '#domain/ops/operators.ts';
import { Button } from '#app/components/button.tsx';
import { ChoiceSelect } from '#app/components/choice-select.tsx';
import { MoreButton } from '#app/components/more-button.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { useOpsSession } from '../api/ops-session.ts';
import {
  fetchWithdrawalQueue,
  useWithdrawalAction,
  withdrawalKeys,
  type WithdrawalAction,
} from '../api/withdrawals-queries.ts';
import {
  ACTION_HELP,
  ACTION_LABELS,
  QUEUE_STATE_LABELS,
  WITHDRAWAL_STATUS_LABELS,
} from '../lib/withdrawal-labels.ts';
import { ActionError, ConsolePage, ConsoleTable, Labelled, LoadState, ReasonField } from './console.tsx';

/** The queue's filters, as the page's address carries them. */
export interface WithdrawalsSearch {
  state?: QueueState | undefined;
  user?: string | undefined;
  min_age_days?: number | undefined;
}

interface Acting {
  action: WithdrawalAction;
  withdrawal: OpsWithdrawal;
}

/** The withdrawals queue: filtered, oldest first, and what an operator may do to each. */
export function WithdrawalsPage() {
  const { t } = useLingui();
  const search = useSearch({ from: '/ops/withdrawals' });
  const navigate = useNavigate({ from: '/ops/withdrawals' });
  // An address typed by hand may name a state this console does not know: the default is used.
  const state = QUEUE_STATES.find((candidate) => candidate === search.state) ?? 'open';
  const query = { state, user: search.user, min_age_days: search.min_age_days };
  const queue = useInfiniteQuery({
    queryKey: withdrawalKeys.queue(query),
    queryFn: ({ pageParam }) =>
      fetchWithdrawalQueue({ ...query, ...(pageParam ? { after_id: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_after_id ?? undefined,
  });
  const first = queue.data?.pages[0];
  const [acting, setActing] = useState<Acting | null>(null);
  const [done, setDone] = useState<{ action: WithdrawalAction; withdrawal: OpsWithdrawal } | null>(null);

  return (
    <ConsolePage
      title={t`Withdrawals`}
      intro={
        <>
          {first?.can_pay_now ? (
            <Trans>
              The payout key is configured here: “Pay now” signs and sends a due withdrawal’s payment at once,
              as the payout job does on each pass. A withdrawal claimed to pay by hand is left alone until its
              transaction hash is recorded or it is released.
            </Trans>
          ) : (
            <Trans>
              The XRP Ledger key is not configured on this server: due withdrawals wait for an operator to pay
              them by hand and record the transaction hash.
            </Trans>
          )}{' '}
          {first ? (
            first.checks_hash_on_ledger ? (
              <Trans>A recorded hash is checked on the ledger first.</Trans>
            ) : (
              <Trans>A recorded hash cannot be checked here: no XRP Ledger server is configured.</Trans>
            )
          ) : null}
        </>
      }
    >
      <QueueFilters
        search={search}
        onChange={(next) => {
          setActing(null);
          void navigate({ search: next, replace: true });
        }}
      />
      <LiveRegion>{done ? <DoneNote action={done.action} withdrawal={done.withdrawal} /> : null}</LiveRegion>
      {acting ? (
        <ActionPanel
          acting={acting}
          onCancel={() => setActing(null)}
          onDone={(withdrawal) => {
            setDone({ action: acting.action, withdrawal });
            setActing(null);
          }}
        />
      ) : null}
      <LoadState query={queue} showLoading />
      <ConsoleTable
        rows={queue.data?.pages.flatMap((page) => page.list)}
        empty={<Trans>No withdrawal matches these filters.</Trans>}
        testId="withdrawals"
        rowKey={(row) => row.id}
        columns={[
          { head: '#' },
          { head: <Trans>User</Trans> },
          { head: <Trans>Amount</Trans>, num: true },
          { head: <Trans>Destination</Trans> },
          { head: <Trans>Requested</Trans> },
          { head: <Trans>State</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        renderRow={(row) => (
          <WithdrawalRow
            row={row}
            canPayNow={first?.can_pay_now ?? false}
            nowSeconds={Math.floor(queue.dataUpdatedAt / 1000)}
            onAct={(action) => {
              setDone(null);
              setActing({ action, withdrawal: row });
            }}
          />
        )}
      />
      <MoreButton pages={queue}>
        <Trans>More withdrawals</Trans>
      </MoreButton>
    </ConsolePage>
  );
}

/** Which actions a withdrawal in this state allows an operator of this role. */
function actionsFor(
  row: OpsWithdrawal,
  role: 'admin' | 'support',
  canPayNow: boolean,
  nowSeconds: number,
): WithdrawalAction[] {
  const open = row.status === 'processing' || row.status === 'transferring';
  const unsigned = open && !row.signed;
  const actions: WithdrawalAction[] = [];
  if (can(role, 'withdrawals.pay') && row.status === 'transferring' && !row.signed) {
    if (row.claimed_time === null) {
      if (canPayNow) actions.push('payNow');
      actions.push('claim');
    } else {
      actions.push('markPaid', 'release');
    }
  } else if (
    can(role, 'withdrawals.pay') &&
    row.status === 'processing' &&
    canPayNow &&
    row.due_time <= nowSeconds
  ) {
    // Due, not yet moved on by the payout job's next pass.
    actions.push('payNow');
  }
  if (can(role, 'withdrawals.reject') && unsigned && row.claimed_time === null) actions.push('reject');
  return actions;
}

function WithdrawalRow({
  row,
  canPayNow,
  nowSeconds,
  onAct,
}: {
  row: OpsWithdrawal;
  canPayNow: boolean;
  /** When the queue was read: whether a waiting period is over is judged as of then. */
  nowSeconds: number;
  onAct: (action: WithdrawalAction) => void;
}) {
  const { i18n } = useLingui();
  const role = useOpsSession()?.operator.role ?? 'support';
  const actions = actionsFor(row, role, canPayNow, nowSeconds);
  const tag = row.tag;
  return (
    <tr data-withdrawal={row.id}>
      <td className="code">{row.id}</td>
      <td>
        <Link to="/ops/users/$userId" params={{ userId: String(row.user_id) }}>
          {row.username}
        </Link>
      </td>
      <td className="num">
        <XrpAmount amount={row.amount} />
      </td>
      <td>
        <Isolate className="code">{row.address}</Isolate>{' '}
        <span className="muted">
          <Trans>tag {tag}</Trans>
        </span>
      </td>
      <td>{formatDateTime(row.created_time)}</td>
      <td>
        <WithdrawalState row={row} />
      </td>
      <td>
        <div className="ops-actions">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'payNow' ? 'primary' : 'secondary'}
              onClick={() => onAct(action)}
            >
              {i18n._(ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      </td>
    </tr>
  );
}

function WithdrawalState({ row }: { row: OpsWithdrawal }) {
  const { i18n } = useLingui();
  const settled = row.settled_time === null ? null : formatDateTime(row.settled_time);
  const claimed = row.claimed_time === null ? null : formatDateTime(row.claimed_time);
  const held = row.held_reason;
  const why = row.failure_reason;
  return (
    <div className="ops-state" data-status={row.status}>
      <strong>{i18n._(WITHDRAWAL_STATUS_LABELS[row.status])}</strong>
      {row.signed && row.status === 'transferring' ? (
        <small>
          <Trans>Signed by the payout job; waiting for the ledger</Trans>
        </small>
      ) : null}
      {claimed ? (
        <small>
          <Trans>Claimed to pay by hand at {claimed}</Trans>
        </small>
      ) : null}
      {held ? (
        <small>
          <Trans>Held: {held}</Trans>
        </small>
      ) : null}
      {why ? (
        <small>
          <Trans>Reason: {why}</Trans>
        </small>
      ) : null}
      {settled ? <small>{settled}</small> : null}
      {row.tx_hash && row.status === 'success' ? (
        <small className="code ops-hash">{row.tx_hash}</small>
      ) : null}
    </div>
  );
}

function ActionPanel({
  acting,
  onCancel,
  onDone,
}: {
  acting: Acting;
  onCancel: () => void;
  onDone: (withdrawal: OpsWithdrawal) => void;
}) {
  const { t, i18n } = useLingui();
  const act = useWithdrawalAction();
  const [reason, setReason] = useState('');
  const [hash, setHash] = useState('');
  const { action, withdrawal } = acting;
  const id = withdrawal.id;
  const user = withdrawal.username;
  const tag = withdrawal.tag;
  function submit(event: FormEvent) {
    event.preventDefault();
    act.mutate(
      { action, id, reason, ...(action === 'markPaid' ? { tx_hash: hash } : {}) },
      { onSuccess: (data) => onDone(data.withdrawal) },
    );
  }
  return (
    <form className="ops-action-panel" onSubmit={submit} aria-label={i18n._(ACTION_LABELS[action])}>
      <h2>
        {i18n._(ACTION_LABELS[action])} —{' '}
        <Trans>
          withdrawal #{id} of {user}
        </Trans>
      </h2>
      <p>
        <XrpAmount amount={withdrawal.amount} /> → <Isolate className="code">{withdrawal.address}</Isolate>{' '}
        <Trans>tag {tag}</Trans>
      </p>
      <p className="muted">{i18n._(ACTION_HELP[action])}</p>
      {action === 'markPaid' ? (
        <Labelled className="ops-field" label={<Trans>Transaction hash</Trans>}>
          <input
            value={hash}
            onChange={(event) => setHash(event.target.value)}
            dir="ltr"
            spellCheck={false}
            autoComplete="off"
            required
          />
        </Labelled>
      ) : null}
      <ReasonField
        label={
          action === 'reject' ? (
            <Trans>Reason (the user is shown it)</Trans>
          ) : (
            <Trans>Reason (kept in the audit log)</Trans>
          )
        }
        value={reason}
        onValue={setReason}
        required={action === 'reject'}
      />
      {act.isError ? <ActionError error={act.error} /> : null}
      <div className="ops-actions">
        <Button type="submit" disabled={act.isPending} variant={action === 'reject' ? 'danger' : 'primary'}>
          {act.isPending ? t`Working…` : t`Confirm`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

function DoneNote({ action, withdrawal }: { action: WithdrawalAction; withdrawal: OpsWithdrawal }) {
  const id = withdrawal.id;
  let text;
  if (action === 'payNow') {
    text =
      withdrawal.status === 'success' ? (
        <Trans>Withdrawal #{id} is paid: validated on the ledger.</Trans>
      ) : withdrawal.signed ? (
        <Trans>Withdrawal #{id} is signed and sent; it is final once the ledger validates it.</Trans>
      ) : (
        <Trans>Withdrawal #{id} could not be paid now; see why on its line.</Trans>
      );
  } else if (action === 'claim') text = <Trans>Withdrawal #{id} is yours to pay by hand.</Trans>;
  else if (action === 'release') text = <Trans>Withdrawal #{id} is back with the payout job.</Trans>;
  else if (action === 'markPaid') text = <Trans>Withdrawal #{id} is recorded as paid.</Trans>;
  else text = <Trans>Withdrawal #{id} is rejected and its amount refunded to the user.</Trans>;
  return <p className="ops-done">{text}</p>;
}

function QueueFilters({
  search,
  onChange,
}: {
  search: WithdrawalsSearch;
  onChange: (next: WithdrawalsSearch) => void;
}) {
  const { t } = useLingui();
  const [user, setUser] = useState(search.user ?? '');
  const [age, setAge] = useState(search.min_age_days === undefined ? '' : String(search.min_age_days));
  function submit(event: FormEvent) {
    event.preventDefault();
    const days = Number.parseInt(age, 10);
    onChange({
      ...search,
      user: user.trim() || undefined,
      min_age_days: Number.isFinite(days) && days >= 0 ? days : undefined,
    });
  }
  return (
    <form className="ops-filters" onSubmit={submit} aria-label={t`Filters`}>
      <Labelled label={<Trans>State</Trans>}>
        <ChoiceSelect
          values={QUEUE_STATES}
          labels={QUEUE_STATE_LABELS}
          value={QUEUE_STATES.find((candidate) => candidate === search.state) ?? 'open'}
          onChange={(state) => onChange({ ...search, state: state ?? undefined })}
        />
      </Labelled>
      <Labelled label={<Trans>User name or id</Trans>}>
        <input value={user} onChange={(event) => setUser(event.target.value)} />
      </Labelled>
      <Labelled label={<Trans>Requested at least this many days ago</Trans>}>
        <input inputMode="numeric" value={age} onChange={(event) => setAge(event.target.value)} />
      </Labelled>
      <Button type="submit" variant="secondary">
        <Trans>Filter</Trans>
      </Button>
    </form>
  );
}
