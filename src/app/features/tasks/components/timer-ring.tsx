import type { ReactNode } from 'react';

const RADIUS = 42;
const LENGTH = 2 * Math.PI * RADIUS;

/** A running task's time as a ring that fills up; the time left is written beside it, for every reader. */
export function TimerRing({ done, total, children }: { done: number; total: number; children?: ReactNode }) {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  return (
    <div className="timer-ring">
      <svg viewBox="0 0 100 100" width="96" height="96" aria-hidden="true" focusable="false">
        <circle className="timer-ring-track" cx="50" cy="50" r={RADIUS} />
        <circle
          className="timer-ring-fill"
          cx="50"
          cy="50"
          r={RADIUS}
          strokeDasharray={LENGTH}
          strokeDashoffset={LENGTH * (1 - share)}
        />
      </svg>
      <div className="timer-ring-text">{children}</div>
    </div>
  );
}
