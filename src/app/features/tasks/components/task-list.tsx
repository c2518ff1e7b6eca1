import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Task } from '#contract/tasks.ts';
import { Card } from '#app/components/card.tsx';
import { CheckIcon, ChevronIcon } from '#app/components/icons.tsx';
import { formatSeconds } from '#app/lib/format.ts';
import { useWaitingCompletions } from '#app/pwa/sync-queue.ts';
import { TASK_TYPE_LABELS } from '#app/i18n/task-type-labels.ts';
import { TaskTypeIcon } from '#app/components/task-type-icon.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

type Filter = 'all' | 'todo' | 'done';

/** The day's tasks with their reward and time, filterable; with an empty state for no task and for no match. */
export function TaskList({
  tasks,
  day,
  onOpen,
}: {
  tasks: Task[];
  /** The day the tasks are offered on (the task list's). */
  day: string;
  onOpen: (task: Task) => void;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const { t, i18n } = useLingui();
  const waiting = useWaitingCompletions(day);
  const shown = tasks.filter((task) =>
    filter === 'all' ? true : filter === 'done' ? task.status === 'completed' : task.status !== 'completed',
  );

  if (tasks.length === 0) {
    return (
      <Card className="empty-state">
        <p>
          <Trans>No tasks are available today. Please come back after the daily reset.</Trans>
        </p>
      </Card>
    );
  }

  return (
    <section className="task-section" aria-label={t`Today's tasks`}>
      <div className="filters" role="group" aria-label={t`Show`}>
        {(
          [
            ['all', t`All`],
            ['todo', t`To do`],
            ['done', t`Done`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <Card className="empty-state">
          <p>
            <Trans>No matching tasks.</Trans>
          </p>
        </Card>
      ) : (
        <ul className="list task-list">
          {shown.map((task) => {
            return (
              <li key={task.id} className="list-row">
                <button
                  type="button"
                  className="list-button task-row"
                  onClick={() => onOpen(task)}
                  data-testid={`task-${task.id}`}
                >
                  <span className="task-icon" aria-hidden="true">
                    <TaskTypeIcon type={task.type} />
                    <span className={`task-badge task-${waiting.has(task.id) ? 'waiting' : task.status}`}>
                      {task.status === 'completed' ? <CheckIcon width={12} height={12} /> : null}
                    </span>
                  </span>
                  <span className="task-main">
                    <span className="task-title">{task.title}</span>
                    <span className="muted">
                      {i18n._(TASK_TYPE_LABELS[task.type])} · {formatSeconds(task.required_seconds)} ·{' '}
                      <TaskStatus task={task} waiting={waiting.has(task.id)} />
                    </span>
                  </span>
                  <XrpAmount amount={task.reward} sign="+" className="task-reward" />
                  <ChevronIcon className="list-chevron" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TaskStatus({ task, waiting }: { task: Task; waiting: boolean }) {
  // Not "done": nothing is credited until the server confirms it.
  if (waiting && task.status !== 'completed') return <Trans context="task status">Waiting to sync</Trans>;
  switch (task.status) {
    case 'completed':
      return <Trans context="task status">Done</Trans>;
    case 'started':
      return <Trans context="task status">In progress</Trans>;
    case 'failed':
      return <Trans context="task status">Not completed</Trans>;
    case 'new':
      return <Trans context="task status">Not started</Trans>;
  }
}
