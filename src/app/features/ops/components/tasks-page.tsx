import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleTask } from '#contract/ops-tasks.ts';
import type { Locale } from '#domain/i18n/locales.ts';
import { can } from '#domain/ops/operators.ts';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { formatDateTime, formatSeconds, formatXrp } from '#app/lib/format.ts';
import { LOCALE_NAMES } from '#app/i18n/locale-names.ts';
import { consoleTasksQueryOptions, useReorderTasks, useSwitchTask } from '../api/ops-tasks-queries.ts';
import { useOpsSession } from '../api/ops-session.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { TASK_TYPE_LABELS } from '#app/i18n/task-type-labels.ts';
import { ConsolePage, ConsoleTable, LoadState } from './console.tsx';
import { TaskForm } from './task-form.tsx';

/**
 * The task catalog (docs/operators.md#tasks): the day's tasks are picked from the tasks that are on, in
 * this order. Editing a task makes a new version; days users already accepted keep theirs.
 */
export function TasksPage() {
  const { t, i18n } = useLingui();
  const session = useOpsSession();
  const mayEdit = session ? can(session.operator.role, 'tasks.edit') : false;
  const tasks = useQuery(consoleTasksQueryOptions());
  const reorder = useReorderTasks();
  const switchTask = useSwitchTask();
  const [editing, setEditing] = useState<ConsoleTask | 'new' | null>(null);
  const list = tasks.data?.list ?? [];
  const failure = reorder.error ?? switchTask.error;

  function move(index: number, by: -1 | 1) {
    const ids = list.map((task) => task.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  }

  if (editing !== null)
    return (
      <div className="ops-page">
        <TaskForm task={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      </div>
    );

  return (
    <ConsolePage
      title={t`Tasks`}
      actions={
        mayEdit ? (
          <Button onClick={() => setEditing('new')}>
            <Trans>New task</Trans>
          </Button>
        ) : null
      }
      intro={
        <Trans>
          Each day offers the tasks that are on, in this order, until the day&apos;s count or cap is reached.
          Editing a task&apos;s reward, time or words makes a new version: a day a user already accepted keeps
          the version it was accepted with, and is credited what it showed.
        </Trans>
      }
    >
      {failure ? <ErrorAlert>{i18n._(opsMessageOf(failure))}</ErrorAlert> : null}
      <LoadState query={tasks} showLoading />
      <ConsoleTable
        rows={tasks.data?.list}
        empty={<Trans>There are no tasks yet.</Trans>}
        className="ops-tasks"
        rowKey={(task) => task.id}
        columns={[
          { head: <Trans>Order</Trans> },
          { head: <Trans>Task</Trans> },
          { head: <Trans>Reward</Trans>, num: true },
          { head: <Trans>Time</Trans>, num: true },
          { head: <Trans>Version</Trans> },
          { head: <Trans>Languages</Trans> },
          { head: <Trans>State</Trans> },
        ]}
        renderRow={(task, index) => {
          // The title in the console's language when the task has one, else in English.
          const own = task.texts[i18n.locale as Locale]?.title;
          const title = own || task.texts.en?.title || t`(no English title)`;
          const titleLocale = own ? i18n.locale : 'en';
          return (
            <tr key={task.id} data-task-id={task.id}>
              <td>
                <span className="ops-order">
                  {index + 1}
                  {mayEdit ? (
                    <>
                      <Button
                        variant="ghost"
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, -1)}
                        aria-label={t`Move “${title}” up`}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={index === list.length - 1 || reorder.isPending}
                        onClick={() => move(index, 1)}
                        aria-label={t`Move “${title}” down`}
                      >
                        ↓
                      </Button>
                    </>
                  ) : null}
                </span>
              </td>
              <td>
                <strong dir="auto" lang={titleLocale}>
                  {title}
                </strong>
                <br />
                <span className="muted">{i18n._(TASK_TYPE_LABELS[task.type])}</span>
              </td>
              <td className="num">
                <span dir="ltr">{formatXrp(task.reward)} XRP</span>
              </td>
              <td className="num">{formatSeconds(task.required_seconds)}</td>
              <td>
                <Trans>
                  v{task.version}, {formatDateTime(task.version_time)}
                </Trans>
              </td>
              <td>
                {task.missing.length === 0 ? (
                  <Trans>All 11 languages</Trans>
                ) : (
                  <span className="ops-missing">
                    <Trans>Missing: {task.missing.map((locale) => LOCALE_NAMES[locale]).join(', ')}</Trans>
                  </span>
                )}
              </td>
              <td>
                <span className={task.enabled ? 'ops-on' : 'ops-off'}>
                  {task.enabled ? <Trans>On</Trans> : <Trans>Off</Trans>}
                </span>
                {mayEdit ? (
                  <span className="ops-actions">
                    <Button variant="secondary" onClick={() => setEditing(task)}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={switchTask.isPending}
                      onClick={() => switchTask.mutate({ id: task.id, enabled: !task.enabled })}
                    >
                      {task.enabled ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
                    </Button>
                  </span>
                ) : null}
              </td>
            </tr>
          );
        }}
      />
    </ConsolePage>
  );
}
