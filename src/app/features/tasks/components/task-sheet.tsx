import { CountdownText } from '#app/components/countdown-text.tsx';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Task } from '#contract/tasks.ts';
import { opensTarget } from '#domain/tasks/task-rules.ts';
import { Button } from '#app/components/button.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { CheckIcon } from '#app/components/icons.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { formatClock, formatSeconds } from '#app/lib/format.ts';
import { ApiError, isQueued } from '#app/lib/http.ts';
import { loading } from '#app/lib/loading-store.ts';
import { log } from '#app/lib/log.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { celebrate } from '#app/lib/celebrate-store.ts';
import { useSecondsUntil } from '#app/lib/use-countdown.ts';
import { useVisibleSeconds } from '#app/lib/use-visible-seconds.ts';
import { PushCheck } from '#app/pwa/push-check.tsx';
import { usePushCheck } from '#app/pwa/push-check-state.ts';
import { useWaitingCompletions } from '#app/pwa/sync-queue.ts';
import { useCompleteTask, useFailTask, useStartTask } from '../api/tasks-queries.ts';
import { TASK_TYPE_LABELS } from '#app/i18n/task-type-labels.ts';
import { TaskTypeIcon } from '#app/components/task-type-icon.tsx';
import { TimerRing } from './timer-ring.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { xrpText } from '#app/lib/bidi.ts';
import { Term } from '#app/components/term.tsx';

interface TaskSheetProps {
  task: Task;
  /** The day of the list it was opened from: its completion is for that day's run. */
  day: string;
  /** Server time minus device time, so timers follow the server's clock. */
  serverOffsetMs: number;
  onClose: () => void;
}

/** One task: its rules before it starts (docs/product-rules.md#shown-equals-credited), then the task itself, then its completion. */
export function TaskSheet({ task, day, serverOffsetMs, onClose }: TaskSheetProps) {
  const { t, i18n } = useLingui();
  const start = useStartTask();
  const complete = useCompleteTask();
  const giveUp = useFailTask();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const started = task.status === 'started';
  const waiting = useWaitingCompletions(day).has(task.id);
  const target = opensTarget(task.type);
  const visible = useVisibleSeconds(started && !target);
  // Target tasks happen on another page, so their time runs from the server-recorded start. Times
  // on the wire are whole seconds, so one more second keeps the button from enabling too early.
  const sinceStart = useSecondsUntil(
    started && task.started_time !== null
      ? (task.started_time + task.required_seconds + 1) * 1000 - serverOffsetMs
      : 0,
  );
  const left = target ? sinceStart : Math.max(0, task.required_seconds - visible);
  // The extra second above is for the button only: a task of 3 s never shows more than 3 s left.
  const shownLeft = Math.min(left, task.required_seconds);
  const answered = task.questions.every((q) => answers[q.id]);
  // The notification task is done only once the test push has arrived here (the server checks too).
  const pushCheck = usePushCheck();
  const pushReady = task.type !== 'notification' || pushCheck.step === 'arrived';
  const reward = <XrpAmount amount={task.reward} />;
  const time = formatSeconds(task.required_seconds);

  function fail(caught: unknown) {
    if (!(caught instanceof ApiError)) log.error('task action failed', caught);
    setError(i18n._(messageOf(caught)));
  }

  async function onStart() {
    setError(null);
    try {
      await start.mutateAsync(task.id);
    } catch (caught) {
      fail(caught);
    }
  }

  async function onComplete() {
    setError(null);
    try {
      const result = await loading.during(
        complete.mutateAsync({ taskId: task.id, day, ...(task.questions.length ? { answers } : {}) }),
        { text: t`Submitting...` },
      );
      const credited = xrpText(result.reward, '+');
      toasts.push('success', t`Task done: ${credited}`);
      celebrate();
      onClose();
    } catch (caught) {
      if (isQueued(caught)) {
        toasts.push('info', i18n._(messageOf(caught)));
        onClose();
        return;
      }
      fail(caught);
    }
  }

  async function onGiveUp() {
    try {
      await giveUp.mutateAsync(task.id);
      onClose();
    } catch (caught) {
      fail(caught);
    }
  }

  return (
    <Dialog open onClose={onClose} title={task.title} variant="sheet">
      <p className="task-kind muted">
        <TaskTypeIcon type={task.type} className="task-kind-icon" />
        {i18n._(TASK_TYPE_LABELS[task.type])}
      </p>
      <p>{task.text}</p>
      <dl className="rules-card" data-testid="task-rules">
        <Term label={<Trans>Reward</Trans>}>{reward}</Term>
        <Term label={<Trans>Time required</Trans>}>{time}</Term>
        <Term label={<Trans>How it is checked</Trans>}>
          {target ? (
            <Trans>
              Open the page and spend the time there. Earnest checks on its server that this much time has
              passed since you started; it cannot see what you do on the other site.
            </Trans>
          ) : task.type === 'notification' ? (
            <Trans>
              Earnest sends a test notification to this device. The task can be completed once it has arrived:
              allowing notifications alone is not enough. The time counts only while this page is on screen.
            </Trans>
          ) : task.type === 'survey' ? (
            <Trans>Answer every question. The time counts only while this page is on screen.</Trans>
          ) : (
            <Trans>Stay on this page. The time counts only while this page is on screen.</Trans>
          )}
        </Term>
      </dl>

      {task.status === 'completed' ? (
        <p className="alert alert-success">
          <span>
            <Trans>Done. {reward} was credited to your balance.</Trans>
          </span>
        </p>
      ) : started ? (
        <>
          {target && task.target_url ? (
            <a
              className="btn btn-secondary btn-block"
              href={task.target_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Trans>Open the page</Trans>
            </a>
          ) : null}
          {task.questions.map((question) => (
            <fieldset key={question.id} className="question">
              <legend>{question.text}</legend>
              {question.options.map((option) => (
                <label key={option.id} className="option">
                  <input
                    type="radio"
                    name={question.id}
                    value={option.id}
                    checked={answers[question.id] === option.id}
                    onChange={() => setAnswers((a) => ({ ...a, [question.id]: option.id }))}
                  />
                  <span>{option.text}</span>
                </label>
              ))}
            </fieldset>
          ))}
          {task.type === 'notification' ? <PushCheck /> : null}
          <TimerRing done={task.required_seconds - shownLeft} total={task.required_seconds}>
            {left > 0 ? (
              <span className="timer-ring-clock" aria-hidden="true">
                {formatClock(shownLeft)}
              </span>
            ) : (
              <CheckIcon width={40} height={40} className="timer-ring-done" />
            )}
          </TimerRing>
          <CountdownText
            className="task-timer"
            data-testid="task-timer"
            ticking={left > 0 ? <TimeLeft seconds={shownLeft} /> : null}
            over={<Trans>The time is up. You can complete the task.</Trans>}
          />
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          {waiting ? (
            <p className="waiting-note">
              <Trans>Your completion is waiting to sync. It is credited once the server confirms it.</Trans>
            </p>
          ) : (
            <>
              <Button
                block
                onClick={() => void onComplete()}
                disabled={left > 0 || !answered || !pushReady || complete.isPending}
              >
                <Trans>Complete the task</Trans>
              </Button>
              <Button block variant="ghost" onClick={() => void onGiveUp()}>
                <Trans>Give up this task</Trans>
              </Button>
            </>
          )}
        </>
      ) : (
        <>
          {task.status === 'failed' ? (
            <p className="muted">
              <Trans>You gave up this task earlier. You can start it again.</Trans>
            </p>
          ) : null}
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <Button block onClick={() => void onStart()} disabled={start.isPending}>
            <Trans>Start the task</Trans>
          </Button>
        </>
      )}
    </Dialog>
  );
}

function TimeLeft({ seconds }: { seconds: number }) {
  const clock = formatClock(seconds);
  return <Trans>Time left: {clock}</Trans>;
}
