import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AuditListResponseSchema, OPS_API, type AuditEntry, type AuditQuery } from '#contract/ops.ts';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditTarget } from '#domain/ops/audit.ts';
import { Button } from '#app/components/button.tsx';
import { ChoiceSelect } from '#app/components/choice-select.tsx';
import { MoreButton } from '#app/components/more-button.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { opsRequest } from '../api/ops-http.ts';
import { opsKeys } from '../api/ops-queries.ts';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS } from '../lib/audit-labels.ts';
import { ConsolePage, ConsoleTable, Labelled, LoadState } from './console.tsx';

/** The audit log's filters, as the page's address carries them (so a filtered view can be linked). */
export interface AuditSearch {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  target_kind?: AuditTarget | undefined;
  target_id?: string | undefined;
}

/** Every operator action, newest first, filtered by who, what and what it was done to. */
export function AuditPage() {
  const { t } = useLingui();
  const search = useSearch({ from: '/ops/audit' });
  const navigate = useNavigate({ from: '/ops/audit' });
  // An address typed by hand may name an action this console does not know: it is left out.
  const query: AuditQuery = {
    ...search,
    action: search.action && AUDIT_ACTIONS.includes(search.action) ? search.action : undefined,
    target_kind:
      search.target_kind && AUDIT_TARGETS.includes(search.target_kind) ? search.target_kind : undefined,
  };
  const entries = useInfiniteQuery({
    queryKey: opsKeys.audit(query),
    queryFn: ({ pageParam }) =>
      opsRequest(OPS_API.audit, AuditListResponseSchema, {
        query: { ...query, ...(pageParam ? { before_id: pageParam } : {}) },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });

  return (
    <ConsolePage
      title={t`Audit log`}
      intro={
        <Trans>
          Every operator action, from the console or the command line. The database refuses to change or
          delete an entry.
        </Trans>
      }
    >
      <AuditFilters search={search} onChange={(next) => void navigate({ search: next, replace: true })} />
      <LoadState query={entries} showLoading />
      <ConsoleTable
        rows={entries.data?.pages.flatMap((page) => page.list)}
        empty={<Trans>No entry matches these filters.</Trans>}
        rowKey={(entry) => entry.id}
        columns={[
          { head: <Trans>When</Trans> },
          { head: <Trans>Who</Trans> },
          { head: <Trans>What</Trans> },
          { head: <Trans context="audit target">On</Trans> },
          { head: <Trans>Reason</Trans> },
          { head: <Trans>Before and after</Trans> },
        ]}
        renderRow={(entry) => <AuditRow entry={entry} />}
      />
      <MoreButton pages={entries}>
        <Trans>Older entries</Trans>
      </MoreButton>
    </ConsolePage>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { i18n, t } = useLingui();
  const label = (AUDIT_ACTIONS as readonly string[]).includes(entry.action)
    ? i18n._(AUDIT_ACTION_LABELS[entry.action as AuditAction])
    : entry.action;
  const target =
    entry.target_kind && (AUDIT_TARGETS as readonly string[]).includes(entry.target_kind)
      ? i18n._(AUDIT_TARGET_LABELS[entry.target_kind as AuditTarget])
      : entry.target_kind;
  const changes = entry.before !== null || entry.after !== null;
  return (
    <tr>
      <td>{formatDateTime(entry.created_time)}</td>
      <td>
        <span className="code">{entry.actor}</span>{' '}
        <span className="muted">{entry.via === 'cli' ? t`command line` : t`console`}</span>
      </td>
      <td data-action={entry.action}>{label}</td>
      <td>
        {target} {entry.target_id ? <span className="code">{entry.target_id}</span> : null}
      </td>
      <td className="ops-reason">{entry.reason ?? '—'}</td>
      <td>
        {changes ? (
          <details>
            <summary>
              <Trans>Show</Trans>
            </summary>
            <dl className="ops-json">
              <Json label={<Trans>Before</Trans>} value={entry.before} />
              <Json label={<Trans>After</Trans>} value={entry.after} />
            </dl>
          </details>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

/** A state the audit log kept, as indented JSON. */
function Json({ label, value }: { label: ReactNode; value: unknown }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <pre>{JSON.stringify(value, null, 2)}</pre>
      </dd>
    </>
  );
}

function AuditFilters({ search, onChange }: { search: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const { t } = useLingui();
  const [actor, setActor] = useState(search.actor ?? '');
  const [targetId, setTargetId] = useState(search.target_id ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ ...search, actor: actor.trim() || undefined, target_id: targetId.trim() || undefined });
  }
  return (
    <form className="ops-filters" onSubmit={submit} aria-label={t`Filters`}>
      <Labelled label={<Trans>Who</Trans>}>
        <input
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          placeholder={t`operator or cli`}
        />
      </Labelled>
      <Labelled label={<Trans>What</Trans>}>
        <ChoiceSelect
          values={AUDIT_ACTIONS}
          labels={AUDIT_ACTION_LABELS}
          value={search.action ?? null}
          onChange={(action) => onChange({ ...search, action: action ?? undefined })}
          none={t`Every action`}
        />
      </Labelled>
      <Labelled label={<Trans context="audit target">On</Trans>}>
        <ChoiceSelect
          values={AUDIT_TARGETS}
          labels={AUDIT_TARGET_LABELS}
          value={search.target_kind ?? null}
          onChange={(kind) => onChange({ ...search, target_kind: kind ?? undefined })}
          none={t`Anything`}
        />
      </Labelled>
      <Labelled label={<Trans>Number or name</Trans>}>
        <input value={targetId} onChange={(event) => setTargetId(event.target.value)} />
      </Labelled>
      <Button type="submit" variant="secondary">
        <Trans>Filter</Trans>
      </Button>
    </form>
  );
}
