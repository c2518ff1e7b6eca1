import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '#contract/tasks.ts';
import { TaskSheet } from '#app/features/tasks/components/task-sheet.tsx';
import { activateLocale, loadEveryScreen } from '#app/i18n/i18n.ts';
import { formatClock } from '#app/lib/format.ts';
import { renderInApp } from '#tests/helpers/render-in-app.tsx';

// The running timer of a task: a ring, and the time left never more than the task's own time.

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

const webTask = (over: Partial<Task>): Task => ({
  id: 7,
  type: 'web',
  title: 'Visit the page',
  text: 'Stay there.',
  reward: '2',
  required_seconds: 3,
  target_url: 'https://example.org/',
  questions: [],
  status: 'started',
  started_time: NOW / 1000,
  ...over,
});

beforeEach(async () => {
  // These screens come after the first one: their texts are in every screen's catalog.
  await loadEveryScreen();
  await activateLocale('en');
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  // happy-dom has no modal dialogs; the sheet only needs showModal to exist.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the task timer', () => {
  it('a web task of 3 s that just started shows 0:03 left, not 0:00:04, in its ring', () => {
    renderInApp(
      <TaskSheet day="2026-11-28" task={webTask({})} serverOffsetMs={0} onClose={() => undefined} />,
    );
    expect(screen.getByTestId('task-timer').textContent).toBe('Time left: 0:03');
    expect(document.querySelector('.timer-ring')).not.toBeNull();
  });

  it('announces only the end to a screen reader, not every second that ticks', () => {
    renderInApp(
      <TaskSheet day="2026-11-28" task={webTask({})} serverOffsetMs={0} onClose={() => undefined} />,
    );
    const live = () => screen.getByTestId('task-timer').querySelector('[aria-live]');
    expect(screen.getByTestId('task-timer').getAttribute('aria-live')).toBeNull();
    expect(live()?.textContent).toBe('');
    cleanup();
    renderInApp(
      <TaskSheet
        day="2026-11-28"
        task={webTask({ started_time: NOW / 1000 - 60 })}
        serverOffsetMs={0}
        onClose={() => undefined}
      />,
    );
    expect(live()?.textContent).toBe('The time is up. You can complete the task.');
  });

  it('writes hours only when there are hours', () => {
    expect(formatClock(4)).toBe('0:04');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(3_661)).toBe('1:01:01');
  });
});
