import type { ReactNode } from 'react';

/** A failure to read now: announced to screen readers as soon as it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-error" role="alert">
      {children}
    </div>
  );
}
