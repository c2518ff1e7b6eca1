import { formatXrp } from '#app/lib/format.ts';
import { Isolate } from './isolate.tsx';

/**
 * An amount of XRP as one left-to-right unit: its sign, its digits for the locale and the unit
 * ("+2 XRP", "−250 XRP"), never reordered by the sentence around it.
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
    <Isolate className={className} testId={testId}>
      {sign}
      {formatXrp(amount)} XRP
    </Isolate>
  );
}
