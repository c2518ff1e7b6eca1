import { formatXrp } from '#app/lib/format.ts';
import { Isolate } from './isolate.tsx';

/**
 * An amount of XRP as one left-to-right unit: its sign, its digits for the locale and the unit
 * ("+2 XRP", "−250 XRP"), never reordered by the sentence around it, and never broken over two
 * lines (a Chinese sentence breaks between any two characters, "0" at a line's end and "XRP" below).
 */
export function XrpAmount({
  amount,
  sign = '',
  className,
  testId,
}: {
  /** An exact decimal string of XRP, without a sign. */
  amount: string;
  sign?: '' | '+' | '−';
  className?: string | undefined;
  testId?: string | undefined;
}) {
  return (
    <Isolate className={className ? `xrp-amount ${className}` : 'xrp-amount'} testId={testId}>
      {sign}
      {formatXrp(amount)} XRP
    </Isolate>
  );
}
