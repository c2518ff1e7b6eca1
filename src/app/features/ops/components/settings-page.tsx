import { useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleSetting } from '#contract/ops-settings.ts';
import { can } from '#domain/ops/operators.ts';
import { RULE_SETTING_NAMES, type RuleSettingName } from '#domain/rules/rule-settings.ts';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Field } from '#app/components/field.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';
import { formatDateTime, formatPercent, formatXrp } from '#app/lib/format.ts';
import { consoleSettingsQueryOptions, useScheduleSetting } from '../api/ops-settings-queries.ts';
import { useOpsSession } from '../api/ops-session.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { SETTING_LABELS } from '../lib/setting-labels.ts';
import { AuditReasonInput, ConsolePage, ConsoleTable, ControlField, LoadState } from './console.tsx';

/** The exchanges' names in a stored list (the server checked it; a list it cannot read shows as it is). */
function exchangeNames(value: string): string {
  try {
    return (JSON.parse(value) as { name: string }[]).map((exchange) => exchange.name).join(', ');
  } catch {
    return value;
  }
}

/** A setting's value as an operator reads it: amounts and rates for the locale, lists by name. */
function SettingValue({ name, value }: { name: RuleSettingName; value: string }) {
  const { t } = useLingui();
  switch (name) {
    case 'gift_xrp':
    case 'min_withdrawal_xrp':
      return <span dir="ltr">{formatXrp(value)} XRP</span>;
    case 'apr_base_percent':
    case 'apr_step_percent':
    case 'apr_max_percent':
      return <span dir="ltr">{formatPercent(value)}</span>;
    case 'withdraw_require_phone':
      return <>{value === 'true' ? t`Yes` : t`No`}</>;
    case 'exchanges': {
      return <span dir="auto">{exchangeNames(value)}</span>;
    }
    case 'support_url':
      return value === '' ? <>{t`None`}</> : <span className="code">{value}</span>;
    default:
      return <span dir="ltr">{value}</span>;
  }
}

/**
 * The user-facing rules (docs/operators.md#settings): each one's default from the server's
 * configuration, the value in force, changes to come, and every change made. A change takes effect
 * from the time stated, never earlier.
 */
export function SettingsPage() {
  const { t, i18n } = useLingui();
  const session = useOpsSession();
  const mayEdit = session ? can(session.operator.role, 'settings.edit') : false;
  const settings = useQuery(consoleSettingsQueryOptions());
  const data = settings.data;

  return (
    <ConsolePage
      title={t`Settings`}
      intro={
        <Trans>
          The rules users are shown and held to. The server&apos;s configuration gives the defaults; a change
          is dated and takes effect from the time you state, never earlier, so nothing already promised to a
          user changes.
        </Trans>
      }
    >
      <LoadState query={settings} showLoading />
      <ConsoleTable
        rows={data?.list}
        className="ops-settings"
        rowKey={(setting) => setting.name}
        columns={[
          { head: <Trans>Setting</Trans> },
          { head: <Trans>In force now</Trans> },
          { head: <Trans>Default</Trans> },
          { head: <Trans>Changes to come</Trans> },
        ]}
        renderRow={(setting) => <SettingRow setting={setting} />}
      />
      {data ? (
        <>
          {mayEdit ? <ScheduleForm settings={data.list} leadSeconds={data.lead_seconds} /> : null}
          <h2>
            <Trans>Changes made</Trans>
          </h2>
          <ConsoleTable
            rows={data.history}
            empty={
              <Trans>No setting has been changed: every rule is the configuration&apos;s default.</Trans>
            }
            rowKey={(change) => change.id}
            columns={[
              { head: <Trans>Made</Trans>, cell: (change) => formatDateTime(change.created_time) },
              {
                head: <Trans>Who</Trans>,
                cell: (change) => <span className="code">{change.created_by}</span>,
              },
              { head: <Trans>Setting</Trans>, cell: (change) => i18n._(SETTING_LABELS[change.name].label) },
              {
                head: <Trans>New value</Trans>,
                cell: (change) => <SettingValue name={change.name} value={change.value} />,
              },
              { head: <Trans>In force from</Trans>, cell: (change) => formatDateTime(change.effective_time) },
            ]}
          />
        </>
      ) : null}
    </ConsolePage>
  );
}

function SettingRow({ setting }: { setting: ConsoleSetting }) {
  const { i18n, t } = useLingui();
  const labels = SETTING_LABELS[setting.name];
  return (
    <tr data-setting={setting.name}>
      <td>
        <strong>{i18n._(labels.label)}</strong>
        <br />
        <span className="muted">{i18n._(labels.shown)}</span>
      </td>
      {/* data-label names each value where a phone shows the row as a card, without the table's header. */}
      <td data-current data-label={t`In force now`}>
        <SettingValue name={setting.name} value={setting.current} />
      </td>
      <td data-label={t`Default`}>
        <SettingValue name={setting.name} value={setting.default} />
      </td>
      <td data-label={t`Changes to come`}>
        {setting.scheduled.length === 0
          ? '—'
          : setting.scheduled.map((change) => {
              const from = formatDateTime(change.effective_time);
              return (
                <p key={change.id}>
                  <Trans>
                    <SettingValue name={setting.name} value={change.value} /> from {from}
                  </Trans>
                </p>
              );
            })}
      </td>
    </tr>
  );
}

/** The value typed as the server takes it; exchanges as indented JSON, so a list can be edited. */
function editableValue(setting: ConsoleSetting | undefined): string {
  if (!setting) return '';
  if (setting.name !== 'exchanges') return setting.current;
  try {
    return JSON.stringify(JSON.parse(setting.current), null, 2);
  } catch {
    return setting.current;
  }
}

function ScheduleForm({ settings, leadSeconds }: { settings: ConsoleSetting[]; leadSeconds: number }) {
  const { t, i18n } = useLingui();
  const schedule = useScheduleSetting();
  const [name, setName] = useState<RuleSettingName>('gift_xrp');
  const [value, setValue] = useState(() => editableValue(settings.find((s) => s.name === 'gift_xrp')));
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [from, setFrom] = useState('');
  const [reason, setReason] = useState('');

  function pick(next: RuleSettingName) {
    setName(next);
    setValue(editableValue(settings.find((s) => s.name === next)));
    schedule.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A local date and time as typed: the browser knows the operator's time zone.
    const effective =
      when === 'later' && from !== '' ? Math.floor(new Date(from).getTime() / 1000) : undefined;
    schedule.mutate(
      {
        name,
        value: name === 'exchanges' ? value : value.trim(),
        reason: reason.trim(),
        ...(effective === undefined ? {} : { effective_time: effective }),
      },
      { onSuccess: () => setReason('') },
    );
  }

  const done = schedule.data;
  return (
    <form className="ops-form card ops-schedule" onSubmit={submit} aria-labelledby="schedule-title">
      <h2 id="schedule-title">
        <Trans>Change a setting</Trans>
      </h2>
      {schedule.isError ? <ErrorAlert>{i18n._(opsMessageOf(schedule.error))}</ErrorAlert> : null}
      <LiveRegion>
        {done ? (
          <div className="alert alert-info">
            <Trans>
              Saved: {i18n._(SETTING_LABELS[done.name].label)} becomes{' '}
              <SettingValue name={done.name} value={done.value} /> from {formatDateTime(done.effective_time)}.
            </Trans>
          </div>
        ) : null}
      </LiveRegion>
      <ControlField id="setting-name" label={<Trans>Setting</Trans>}>
        <select
          id="setting-name"
          value={name}
          onChange={(event) => pick(event.target.value as RuleSettingName)}
        >
          {RULE_SETTING_NAMES.map((option) => (
            <option key={option} value={option}>
              {i18n._(SETTING_LABELS[option].label)}
            </option>
          ))}
        </select>
      </ControlField>
      {name === 'withdraw_require_phone' ? (
        <ControlField id="setting-value" label={<Trans>New value</Trans>}>
          <select id="setting-value" value={value} onChange={(event) => setValue(event.target.value)}>
            <option value="true">{t`Yes`}</option>
            <option value="false">{t`No`}</option>
          </select>
        </ControlField>
      ) : name === 'exchanges' ? (
        <ControlField id="setting-value" label={<Trans>New value</Trans>}>
          <textarea
            id="setting-value"
            dir="ltr"
            rows={10}
            className="code"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </ControlField>
      ) : (
        <Field
          label={<Trans>New value</Trans>}
          dir="ltr"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <fieldset className="ops-when">
        <legend>
          <Trans>In force from</Trans>
        </legend>
        <label>
          <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} />{' '}
          <Plural
            value={leadSeconds}
            one="Now (in # second, so that every server has it)"
            other="Now (in # seconds, so that every server has it)"
          />
        </label>
        <label>
          <input type="radio" name="when" checked={when === 'later'} onChange={() => setWhen('later')} />{' '}
          <Trans>A later time</Trans>
        </label>
        {when === 'later' ? (
          <Field
            label={<Trans>Date and time (your time zone)</Trans>}
            type="datetime-local"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            required
          />
        ) : null}
      </fieldset>
      <AuditReasonInput value={reason} onValue={setReason} />
      <Button type="submit" disabled={schedule.isPending}>
        <Trans>Save the change</Trans>
      </Button>
    </form>
  );
}
