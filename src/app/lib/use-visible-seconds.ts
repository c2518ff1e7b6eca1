import { useEffect, useState } from 'react';

/** Seconds this page has been on screen while `running`: a task counts only the time its page was visible. */
export function useVisibleSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setSeconds((s) => s + 1);
    }, 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}
