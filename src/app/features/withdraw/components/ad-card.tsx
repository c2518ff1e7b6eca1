import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AdStatus } from '#contract/withdraw.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Logo } from '#app/components/logo.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { adReduction } from '#app/lib/ad-reduction.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { isQueued } from '#app/lib/http.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { useServerSecondsUntil } from '#app/lib/server-clock.ts';
import { useCompleteAd, useStartAd } from '../api/withdraw-queries.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { CountdownText } from '#app/components/countdown-text.tsx';
import { usePendingActions } from '#app/pwa/sync-queue.ts';

interface AdCardProps {
  ad: AdStatus;
  minHours: number;
  maxHours: number;
}

/**
 * The daily ad that shortens the waiting period (docs/product-rules.md#withdrawal-rules): ready → playing (the server's clock
 * counts the full length) → reduced, then back tomorrow. Without an operator's video, Earnest's own
 * 30-second house ad plays, which needs no network.
 */
export function AdCard({ ad, minHours, maxHours }: AdCardProps) {
  const { t, i18n } = useLingui();
  const start = useStartAd();
  const complete = useCompleteAd();
  const waiting = usePendingActions('ad.complete').length > 0;
  const [error, setError] = useState<string | null>(null);
  // Times on the wire are whole seconds (floored): one more second keeps "the ad is over" from
  // showing before the server's own clock agrees.
  const left = useServerSecondsUntil(
    ad.state === 'playing' && ad.started_time !== null ? (ad.started_time + ad.seconds + 1) * 1000 : 0,
  );
  const byHours = adReduction(i18n, minHours, maxHours);

  async function onStart() {
    setError(null);
    try {
      await start.mutateAsync();
    } catch (caught) {
      setError(i18n._(messageOf(caught)));
    }
  }

  async function onComplete() {
    setError(null);
    try {
      const result = await complete.mutateAsync();
      const hours = result.reduced_today;
      toasts.push(
        'success',
        t({
          message: plural(hours, {
            one: 'Your wait is # hour shorter.',
            other: 'Your wait is # hours shorter.',
          }),
        }),
      );
    } catch (caught) {
      if (isQueued(caught)) {
        toasts.push('info', i18n._(messageOf(caught)));
        return;
      }
      setError(i18n._(messageOf(caught)));
    }
  }

  if (ad.state === 'no_withdrawal') return null;
  return (
    <Card className="ad-card" data-testid="ad-card">
      <h2>
        <Trans>Shorten the wait</Trans>
      </h2>
      {ad.state === 'ready' ? (
        <>
          <p>
            <Trans comment="{byHours} is how much the ad shortens the wait, worded once for every sentence that says it (its own message).">
              Watch one ad a day to the end to shorten your waiting period {byHours}. The server picks the
              number.
            </Trans>
          </p>
          <Button block onClick={() => void onStart()} disabled={start.isPending}>
            <Trans>Watch the ad</Trans>
          </Button>
        </>
      ) : null}
      {ad.state === 'playing' ? (
        <>
          {ad.video_url ? (
            <video className="ad-video" src={ad.video_url} autoPlay muted playsInline />
          ) : (
            <div className="house-ad" data-testid="house-ad">
              <Logo />
              <p>
                <Trans>Earnest never asks you for money. No deposit, no fee, no unlock payment: ever.</Trans>
              </p>
            </div>
          )}
          <CountdownText
            className="ad-timer"
            data-testid="ad-timer"
            ticking={left > 0 ? <Trans>{left} s left</Trans> : null}
            over={<Trans>The ad is over.</Trans>}
          />
          {waiting ? (
            // Kept offline: another tap would queue a second completion that the server refuses.
            <p className="waiting-note" data-testid="ad-waiting">
              <Trans>
                Your watched ad is waiting to sync. Your wait is shortened once the server confirms it.
              </Trans>
            </p>
          ) : (
            // Disabled, with the seconds inside, until the ad has run its full length: the normal path
            // never meets the server's "too early" refusal.
            <Button block onClick={() => void onComplete()} disabled={left > 0 || complete.isPending}>
              {left > 0 ? <Trans>Shorten my wait ({left} s)</Trans> : <Trans>Shorten my wait</Trans>}
            </Button>
          )}
        </>
      ) : null}
      {ad.state === 'reduced' || ad.state === 'come_back_tomorrow' ? (
        <ReducedToday hours={ad.reduced_hours ?? 0} next={ad.next_time} />
      ) : null}
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </Card>
  );
}

function ReducedToday({ hours, next }: { hours: number; next: number }) {
  const when = <Isolate dir="auto">{formatDateTime(next)}</Isolate>;
  return (
    <p data-testid="ad-reduced">
      <Trans>
        <Plural value={hours} one="Today's ad removed # hour." other="Today's ad removed # hours." /> The next
        ad is available {when}.
      </Trans>
    </p>
  );
}
