import { Plural, Trans } from '@lingui/react/macro';
import type { TaskList } from '#contract/tasks.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { useFocusHandOff } from '#app/lib/focus-hand-off.ts';

/** The "accept the day's challenge" step: it waits for the user's tap, however long that takes. */
export function AcceptCard({
  list,
  onAccept,
  busy,
}: {
  list: TaskList;
  onAccept: () => void;
  busy: boolean;
}) {
  // Accepted, the card goes and the day's tasks come: the focus goes on to them.
  const card = useFocusHandOff<HTMLElement>();
  const count = list.tasks.length;
  const total = (
    <XrpAmount
      amount={formatAmount(list.tasks.reduce((sum, t) => sum + (parseAmount(t.reward) ?? 0n), 0n))}
    />
  );
  return (
    <Card className="accept-card" ref={card}>
      <h2>
        <Trans>Today's challenge</Trans>
      </h2>
      <p>
        <Trans>
          <Plural value={count} one="# task" other="# tasks" />, {total} in all. Each task shows its reward,
          its time and how it is checked before you start it.
        </Trans>
      </p>
      <Button block onClick={onAccept} disabled={busy}>
        <Trans>Accept today's challenge</Trans>
      </Button>
    </Card>
  );
}
