import type { ReactNode } from 'react';

interface CountdownTextProps {
  /** What the line reads while time runs (null once it is over). */
  ticking: ReactNode;
  /** What it reads once the time is over: the one thing a screen reader announces. */
  over: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * A countdown line that speaks once: a live region that changes every second would queue an
 * announcement a second and drown the rest of the screen for a screen-reader user. The ticking text
 * is shown, not announced; the live region is always there, and filled only when the time is over.
 */
export function CountdownText({ ticking, over, className, 'data-testid': testId }: CountdownTextProps) {
  const running = ticking !== null;
  return (
    <p className={className} data-testid={testId}>
      {running ? ticking : null}
      <span aria-live="polite">{running ? null : over}</span>
    </p>
  );
}
