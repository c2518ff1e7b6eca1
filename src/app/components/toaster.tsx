import { useLingui } from '@lingui/react/macro';
import { toasts, useToasts } from '#app/lib/toast-store.ts';
import { CloseIcon } from './icons.tsx';

/** Shows toasts at the top of the screen and announces them to screen readers. */
export function Toaster() {
  const items = useToasts();
  const { t } = useLingui();
  return (
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
  );
}
