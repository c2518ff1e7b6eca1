import type { ReactNode } from 'react';

/** A titled part of a screen; its heading is also its name for assistive technology. */
export function Section({
  titleId,
  title,
  testId,
  children,
}: {
  titleId: string;
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
