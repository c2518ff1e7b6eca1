import { useEffect, useState } from 'react';

/** The time now, in ms, updated every second (a clock for render: render itself must stay pure). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Re-renders every second and returns the whole seconds left until `deadlineMs` (never below 0). */
export function useSecondsUntil(deadlineMs: number): number {
  const now = useNow();
  return Math.max(0, Math.ceil((deadlineMs - now) / 1000));
}
