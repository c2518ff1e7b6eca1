import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { CloseIcon } from '#app/components/icons.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { recentWithdrawalsQueryOptions } from '../api/withdraw-queries.ts';
import { RECENT_TOAST_HIDDEN_ON } from '../recent-toast-routes.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

const FIRST_DELAY_MS = 2_000;
const SHOWN_MS = 4_000;
const HIDDEN_FOR_MS = 60 * 60 * 1000;
const HIDDEN_UNTIL_KEY = 'earnest.recent-toast-hidden-until';

function hiddenUntil(): number {
  try {
    return Number(localStorage.getItem(HIDDEN_UNTIL_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/**
 * No fabricated activity (docs/product-rules.md#no-fabricated-activity): recent withdrawals, fed ONLY by payouts that really happened (masked names, real amounts and
 * times). No paid withdrawal, no toast. Timing: 2 s after load, 4 s on screen (longer while the
 * pointer is over it or the focus in it), again 10–15 s later; closing it hides it for
 * an hour. Visible text only, never a live region: read out every 10–15 s, it would interrupt
 * whatever a screen reader is saying.
 */
export function RecentWithdrawalsToast() {
  const { t } = useLingui();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const allowed = !RECENT_TOAST_HIDDEN_ON.has(path);
  const recent = useQuery({ ...recentWithdrawalsQueryOptions(), enabled: allowed });
  // How many have appeared so far, and whether the last is still on screen.
  const [shown, setShown] = useState(0);
  const [onScreen, setOnScreen] = useState(false);
  const [closedAt, setClosedAt] = useState(hiddenUntil);
  const list = recent.data ?? [];

  // The next one, once the last is gone: 2 s after load, then 6–11 s after the last went (10–15 s
  // after it appeared, unless someone held it).
  useEffect(() => {
    if (!allowed || list.length === 0 || closedAt > Date.now() || onScreen) return;
    const delay = shown === 0 ? FIRST_DELAY_MS : 10_000 + Math.random() * 5_000 - SHOWN_MS;
    const timer = setTimeout(() => {
      setShown((count) => count + 1);
      setOnScreen(true);
    }, delay);
    return () => clearTimeout(timer);
  }, [allowed, list.length, closedAt, onScreen, shown]);

  const item = onScreen && list.length > 0 ? list[(shown - 1) % list.length] : undefined;
  if (!allowed || !item) return null;
  const amount = <XrpAmount amount={item.amount} />;
  const when = <Isolate dir="auto">{formatDateTime(item.time)}</Isolate>;
  const name = item.username;
  return (
    // A new key for each appearance: its time on screen starts afresh.
    <Shown key={shown} onGone={() => setOnScreen(false)}>
      <p>
        <Trans>
          <bdi>{name}</bdi> withdrew {amount} ({when}).
        </Trans>
      </p>
      <button
        type="button"
        className="icon-btn"
        aria-label={t`Hide for an hour`}
        onClick={() => {
          const until = Date.now() + HIDDEN_FOR_MS;
          try {
            localStorage.setItem(HIDDEN_UNTIL_KEY, String(until));
          } catch {
            // Hidden for this visit only.
          }
          setClosedAt(until);
          setOnScreen(false);
        }}
      >
        <CloseIcon />
      </button>
    </Shown>
  );
}

/**
 * The notice on screen for 4 s, timed from when neither the pointer is over it nor the focus in it:
 * someone reading it, or reaching for its close button, keeps it (WCAG 2.2.1).
 */
function Shown({ onGone, children }: { onGone: () => void; children: ReactNode }) {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const gone = useRef(onGone);
  useEffect(() => {
    gone.current = onGone;
  });
  useEffect(() => {
    if (pointer || focus) return;
    const timer = setTimeout(() => gone.current(), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [pointer, focus]);
  return (
    <div
      className="recent-toast slides-in"
      data-testid="recent-withdrawal"
      onPointerEnter={() => setPointer(true)}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocus(false);
      }}
    >
      {children}
    </div>
  );
}
