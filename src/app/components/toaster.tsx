import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { toasts, useToasts } from '#app/lib/toast-store.ts';
import { Celebration } from './celebration.tsx';
import { CloseIcon } from './icons.tsx';

/** Shows the screen's toast below its header and announces it to screen readers; and the celebrations. */
export function Toaster() {
  const items = useToasts();
  const { t } = useLingui();
  const path = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => toasts.screenChanged(path), [path]);
  return (
    <>
      <Celebration />
      <div className="toaster" role="status" aria-live="polite">
        {items.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`}>
            <span>{toast.text}</span>
            <button
              type="button"
              className="icon-btn"
              onClick={() => toasts.dismiss(toast.id)}
              aria-label={t`Close`}
            >
              <CloseIcon width={18} height={18} />
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
