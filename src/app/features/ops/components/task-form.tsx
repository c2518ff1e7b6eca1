import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsoleTask, TaskDraft } from '#contract/ops-tasks.ts';
import { LOCALES, directionOf, type Locale } from '#domain/i18n/locales.ts';
import { opensTarget, type TaskType } from '#domain/tasks/task-rules.ts';
import { missingLocales, TASK_TEXT_MAX, TASK_TITLE_MAX, type TaskWords } from '#domain/tasks/task-texts.ts';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Field } from '#app/components/field.tsx';
import { LOCALE_NAMES } from '#app/i18n/locale-names.ts';
import { useCreateTask, useEditTask } from '../api/ops-tasks-queries.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { TASK_TYPE_LABELS } from '#app/i18n/task-type-labels.ts';
import { AuditReasonInput, ControlField } from './console.tsx';

/** The types the form offers; a survey or the notification task keeps its own (it needs more than words). */
const EDITABLE_TYPES: TaskType[] = ['regular', 'web', 'video', 'download'];

const emptyWords = (): Record<Locale, TaskWords> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, { title: '', text: '' }])) as Record<Locale, TaskWords>;

/**
 * A task's terms and its words in every language. The words are data typed by the operator, not
 * texts of the console: each language's fields take that language's direction.
 */
export function TaskForm({ task, onDone }: { task: ConsoleTask | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateTask();
  const edit = useEditTask();
  const [type, setType] = useState<TaskType>(task?.type ?? 'regular');
  const [reward, setReward] = useState(task?.reward ?? '');
  const [seconds, setSeconds] = useState(String(task?.required_seconds ?? 30));
  const [targetUrl, setTargetUrl] = useState(task?.target_url ?? '');
  const [reason, setReason] = useState('');
  const [texts, setTexts] = useState<Record<Locale, TaskWords>>(() => ({ ...emptyWords(), ...task?.texts }));
  const missing = missingLocales(texts);
  const saving = create.isPending || edit.isPending;
  const failure = create.error ?? edit.error;
  const fixedType = task !== null && !EDITABLE_TYPES.includes(task.type);

  function setWords(locale: Locale, words: Partial<TaskWords>) {
    setTexts((current) => ({ ...current, [locale]: { ...current[locale], ...words } }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const draft: TaskDraft = {
      type,
      reward: reward.trim(),
      required_seconds: Number(seconds),
      target_url: opensTarget(type) && targetUrl.trim() !== '' ? targetUrl.trim() : null,
      texts,
      reason: reason.trim(),
    };
    if (task) edit.mutate({ ...draft, id: task.id }, { onSuccess: onDone });
    else create.mutate(draft, { onSuccess: onDone });
  }

  return (
    <form className="ops-form ops-task-form" onSubmit={submit} aria-labelledby="task-form-title">
      <h1 id="task-form-title">{task ? <Trans>Edit task {task.id}</Trans> : <Trans>New task</Trans>}</h1>
      <p className="muted">
        {task ? (
          <Trans>
            Saving makes version {task.version + 1}. Days users already accepted keep version {task.version}:
            its reward, time and words, and what it credits.
          </Trans>
        ) : (
          <Trans>
            A new task starts switched off. Switch it on from the list once every language has its words.
          </Trans>
        )}
      </p>
      {failure ? <ErrorAlert>{i18n._(opsMessageOf(failure))}</ErrorAlert> : null}
      <fieldset className="ops-fieldset card">
        <legend>
          <Trans>Terms</Trans>
        </legend>
        <ControlField id="task-type" label={<Trans>Type</Trans>}>
          <select
            id="task-type"
            value={type}
            disabled={fixedType}
            onChange={(event) => setType(event.target.value as TaskType)}
          >
            {(fixedType ? [type] : EDITABLE_TYPES).map((option) => (
              <option key={option} value={option}>
                {i18n._(TASK_TYPE_LABELS[option])}
              </option>
            ))}
          </select>
        </ControlField>
        <Field
          label={<Trans>Reward (XRP)</Trans>}
          hint={<Trans>Exactly what completing it credits; at most 6 decimals.</Trans>}
          inputMode="decimal"
          dir="ltr"
          value={reward}
          onChange={(event) => setReward(event.target.value)}
          required
        />
        <Field
          label={<Trans>Time required (seconds)</Trans>}
          type="number"
          min={0}
          max={86_400}
          dir="ltr"
          value={seconds}
          onChange={(event) => setSeconds(event.target.value)}
          required
        />
        {opensTarget(type) ? (
          <Field
            label={<Trans>Address it opens (https)</Trans>}
            type="url"
            dir="ltr"
            value={targetUrl}
            onChange={(event) => setTargetUrl(event.target.value)}
            required
          />
        ) : null}
      </fieldset>
      <fieldset className="ops-fieldset card">
        <legend>
          <Trans>Words in each language</Trans>
        </legend>
        <p className={missing.length ? 'ops-missing' : 'muted'} role="status">
          {missing.length === 0 ? (
            <Trans>Every language has a title and a text.</Trans>
          ) : (
            <Trans>
              Missing ({missing.length}): {missing.map((locale) => LOCALE_NAMES[locale]).join(', ')}. The task
              cannot be switched on until every language has its words.
            </Trans>
          )}
        </p>
        {LOCALES.map((locale) => (
          <div key={locale} className="ops-task-language">
            <h2 className="ops-language-name">
              <span lang={locale}>{LOCALE_NAMES[locale]}</span> <span className="code">{locale}</span>
            </h2>
            <Field
              label={<Trans>Title</Trans>}
              lang={locale}
              dir={directionOf(locale)}
              maxLength={TASK_TITLE_MAX}
              value={texts[locale].title}
              onChange={(event) => setWords(locale, { title: event.target.value })}
              data-field={`${locale}-title`}
            />
            <ControlField id={`task-text-${locale}`} label={<Trans>Text</Trans>}>
              <textarea
                id={`task-text-${locale}`}
                lang={locale}
                dir={directionOf(locale)}
                rows={3}
                maxLength={TASK_TEXT_MAX}
                value={texts[locale].text}
                onChange={(event) => setWords(locale, { text: event.target.value })}
              />
            </ControlField>
          </div>
        ))}
      </fieldset>
      <AuditReasonInput value={reason} onValue={setReason} />
      <div className="ops-actions">
        <Button type="submit" disabled={saving}>
          {task ? <Trans>Save as version {task.version + 1}</Trans> : <Trans>Create task</Trans>}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
