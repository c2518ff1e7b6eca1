import type { ReactNode } from 'react';

/**
 * A fragment kept whole inside text of either direction: an amount with its sign and unit, a phone
 * number, a code, an address, a date. Without it, the bidi algorithm lets an Arabic sentence pull a
 * "+" or a date apart ("+2 XRP" painted as "XRP 2+", a date split around the amount beside it).
 * `ltr` (the default) for what is always written left to right (numbers, codes, addresses, amounts);
 * `auto` for text formatted for the user's locale (dates: an Arabic date reads right to left).
 * It is an inline element: in a flex container (`.alert`), wrap the sentence around it in a <span>,
 * or each fragment becomes a line of its own.
 */
export function Isolate({
  children,
  dir = 'ltr',
  className,
  testId,
}: {
  children: ReactNode;
  dir?: 'ltr' | 'auto';
  className?: string | undefined;
  testId?: string | undefined;
}) {
  return (
    <bdi dir={dir} className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}
