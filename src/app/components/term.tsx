import type { ReactNode } from 'react';

/** One entry of a description list (`<dl>`): what is counted, and its value. */
export function Term({
  label,
  testId,
  children,
}: {
  label: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
