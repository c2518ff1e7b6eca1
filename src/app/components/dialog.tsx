import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useWhileLeaving } from '#app/lib/focus.ts';
import { CloseIcon } from './icons.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** `sheet` slides up from the bottom edge, for lists of choices on a phone. */
  variant?: 'dialog' | 'sheet';
}

/**
 * A modal built on the native <dialog>: the browser traps focus, closes on Escape, restores focus
 * afterwards and makes the rest of the page inert.
 */
export function Dialog({ open, onClose, title, children, actions, variant = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useLingui();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A dialog its owner unmounts while open (a task sheet on Complete, "Link a device" on Approve)
  // is closed first: only close() gives the focus back to what opened it; removed open, it would
  // leave the focus on <body>. The close event of this close is no request to close: in development
  // StrictMode runs this on a dialog that stays, and opens it again.
  const ownCloses = useRef(0);
  useWhileLeaving(ref, (dialog) => {
    if (!dialog.open) return;
    ownCloses.current += 1;
    dialog.close();
  });

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${variant}`}
      aria-labelledby={titleId}
      onClose={() => {
        if (ownCloses.current > 0) ownCloses.current -= 1;
        else onClose();
      }}
      onClick={(event) => {
        // A tap on the dimmed backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-panel">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {actions ? <footer className="dialog-actions">{actions}</footer> : null}
      </div>
    </dialog>
  );
}
