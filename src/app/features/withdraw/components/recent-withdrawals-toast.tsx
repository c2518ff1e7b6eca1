import { useEffect, useState } from 'react';
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
 * times). No paid withdrawal, no toast. Timing: 2 s after load, 4 s on screen, again every
 * 10–15 s; closing it hides it for an hour.
 */
export function RecentWithdrawalsToast() {
  const { t } = useLingui();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const allowed = !RECENT_TOAST_HIDDEN_ON.has(path);
  const recent = useQuery({ ...recentWithdrawalsQueryOptions(), enabled: allowed });
  const [index, setIndex] = useState<number | null>(null);
  const [closedAt, setClosedAt] = useState(hiddenUntil);
  const list = recent.data ?? [];

  useEffect(() => {
    if (!allowed || list.length === 0 || closedAt > Date.now()) return;
    let shown = 0;
    let timer: ReturnType<typeof setTimeout>;
    const show = (delay: number) => {
      timer = setTimeout(() => {
        setIndex(shown % list.length);
        shown += 1;
        timer = setTimeout(() => {
          setIndex(null);
          show(10_000 + Math.random() * 5_000 - SHOWN_MS);
        }, SHOWN_MS);
      }, delay);
    };
    show(FIRST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setIndex(null);
    };
  }, [allowed, list.length, closedAt]);

  const item = index === null ? undefined : list[index];
  if (!allowed || !item) return null;
  const amount = <XrpAmount amount={item.amount} />;
  const when = <Isolate dir="auto">{formatDateTime(item.time)}</Isolate>;
  const name = item.username;
  return (
    <div className="recent-toast slides-in" role="status" data-testid="recent-withdrawal">
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
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
