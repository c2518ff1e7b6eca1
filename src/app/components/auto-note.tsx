import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/** The line under a step that will act by itself, with the way to stop it. */
export function AutoNote({ children, onCancel }: { children: ReactNode; onCancel: () => void }) {
  return (
    <p className="muted auto-note">
      {children}{' '}
      <button type="button" className="link" onClick={onCancel}>
        <Trans>Wait</Trans>
      </button>
    </p>
  );
}
