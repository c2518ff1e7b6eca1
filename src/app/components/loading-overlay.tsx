import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLoading } from '#app/lib/loading-store.ts';
import { LiveRegion } from './live-region.tsx';

/** The global loading overlay: spinner and text over a dimmed, blurred page. */
export function LoadingOverlay() {
  const state = useLoading();
  const { t } = useLingui();
  const full = state.show && state.type === 'full';

  useEffect(() => {
    document.body.classList.toggle('loading-full', full);
  }, [full]);

  return (
    <div className={`loading-overlay loading-${state.type}${state.show ? ' is-visible' : ''}`}>
      <LiveRegion>
        {state.show ? (
          <div className="loading-box">
            <span className="spinner" aria-hidden="true" />
            <span>{state.text ?? t`Loading...`}</span>
          </div>
        ) : null}
      </LiveRegion>
    </div>
  );
}
