import { useEffect, useEffectEvent, useState } from 'react';

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

/**
 * Counts down from `seconds` while `enabled` and then runs `action` once (the gift and the
 * accept step select themselves after a countdown). `cancel` stops it; the user can still act.
 */
export function useAutoAction(seconds: number, enabled: boolean, action: () => void) {
  const [left, setLeft] = useState(seconds);
  const [cancelled, setCancelled] = useState(false);
  const fire = useEffectEvent(action);
  const running = enabled && !cancelled && left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      if (left <= 1) {
        setCancelled(true);
        fire();
      }
      setLeft((n) => n - 1);
    }, 1000);
    return () => clearTimeout(timer);
  }, [running, left]);

  return { left, running, cancel: () => setCancelled(true) };
}
