import { useEffect, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BANNER_MS, type PushNotice } from '#contract/push-notice.ts';
import { CloseIcon } from '#app/components/icons.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';
import { createStore } from '#app/lib/external-store.ts';

/** The message on show, with a stamp so a newer one (even an equal one) restarts the clock. */
const store = createStore<{ notice: PushNotice; at: number } | null>(null);
let stamp = 0;

/** Shows a push that arrived while the app is in the foreground (from the service worker). */
export function showPushBanner(notice: PushNotice) {
  stamp += 1;
  store.set({ notice, at: stamp });
}

function showOnTop(element: HTMLDivElement | null) {
  if (element && 'showPopover' in element && !element.matches(':popover-open')) element.showPopover();
}

/**
 * Fixed at the top with icon, title, body (2 lines at most) and a close button; slides in
 * with a fade (not when the user prefers reduced motion); a click opens the link in a new tab and
 * dismisses; it goes away after 10 s, and a newer message starts the 10 s again.
 */
export function PushBanner() {
  const current = useSyncExternalStore(store.subscribe, store.get, store.get);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => store.set(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [current]);

  return <LiveRegion>{current ? <Banner notice={current.notice} key={current.at} /> : null}</LiveRegion>;
}

function Banner({ notice }: { notice: PushNotice }) {
  const { t } = useLingui();
  const title = notice.title ?? t`New message`;
  return (
    <div
      className="push-banner slides-in"
      data-testid="push-banner"
      // A manual popover sits in the top layer: the banner stays above an open dialog or sheet.
      popover="manual"
      ref={showOnTop}
    >
      <a
        className="push-banner-main"
        href={notice.link}
        target="_blank"
        rel="noopener"
        onClick={() => store.set(null)}
      >
        <img src={notice.icon} alt="" width={40} height={40} />
        <span>
          <strong>{title}</strong>
          <span className="push-banner-body">{notice.body}</span>
        </span>
      </a>
      <button type="button" className="icon-btn" aria-label={t`Close`} onClick={() => store.set(null)}>
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  );
}
