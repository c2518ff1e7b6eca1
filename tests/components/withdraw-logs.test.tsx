import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { WithdrawLog } from '#contract/withdraw.ts';
import { WithdrawLogs } from '#app/features/withdraw/components/withdraw-logs.tsx';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

rendersEveryScreenIn('en');

const DAY = 86_400;
const NOW = 1_795_900_000;
const log = (over: Partial<WithdrawLog>): WithdrawLog => ({
  id: 1,
  amount: '120',
  status: 'processing',
  create_time: NOW - 40 * DAY,
  end_time: NOW - 10 * DAY,
  settled_time: null,
  address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
  tag: '',
  tx_hash: null,
  delivered_amount: null,
  failure_reason: null,
  held_reason: null,
  ...over,
});

it('a record listed for a payment or a refund this week says when it was, beside when it was requested', async () => {
  await renderInRouter(
    <WithdrawLogs
      logs={[
        log({ id: 1, status: 'success', settled_time: NOW - DAY, tx_hash: 'A'.repeat(64) }),
        log({ id: 2, status: 'failed', settled_time: NOW - 2 * DAY, failure_reason: 'tecNO_DST_INSUF_XRP' }),
        log({ id: 3, status: 'transferring', create_time: NOW - DAY }),
      ]}
    />,
  );
  const [paid, refunded, open] = screen.getAllByTestId('withdraw-record');
  if (!paid || !refunded || !open) throw new Error('three records expected');
  expect(within(paid).getByTestId('paid-time').textContent).toMatch(/^Paid /);
  expect(within(paid).queryByTestId('refunded-time')).toBeNull();
  expect(within(refunded).getByTestId('refunded-time').textContent).toMatch(/^Refunded /);
  expect(within(refunded).queryByTestId('paid-time')).toBeNull();
  // Still open: neither, as nothing has happened to it yet.
  expect(within(open).queryByTestId('paid-time')).toBeNull();
  expect(within(open).queryByTestId('refunded-time')).toBeNull();
});

it("a refund the ledger caused says why in words and what to check, with the ledger's code beside it", async () => {
  await renderInRouter(
    <WithdrawLogs
      logs={[
        log({ id: 4, status: 'failed', settled_time: NOW - DAY, failure_reason: 'tecDST_TAG_NEEDED' }),
        log({
          id: 5,
          status: 'failed',
          settled_time: NOW - DAY,
          failure_reason: 'The exchange closed this account',
        }),
      ]}
    />,
  );
  const [byLedger, byOperator] = screen.getAllByTestId('withdraw-record');
  expect(byLedger?.textContent).toContain(
    'Reason: this address needs a destination tag (memo); check the tag you saved with your exchange (tecDST_TAG_NEEDED). The amount was returned to your balance.',
  );
  expect(byOperator?.textContent).toContain(
    'Reason: The exchange closed this account. The amount was returned to your balance.',
  );
});

it("an operator's reason that happens to name an object property shows as written", async () => {
  await renderInRouter(
    <WithdrawLogs
      logs={[log({ id: 6, status: 'failed', settled_time: NOW - DAY, failure_reason: 'constructor' })]}
    />,
  );
  expect(screen.getByTestId('withdraw-record').textContent).toContain(
    'Reason: constructor. The amount was returned to your balance.',
  );
});

it("a paid record links its transaction to the ledger's explorer, as History does; without one, the hash is text", async () => {
  const hash = 'B'.repeat(64);
  const paid = log({ id: 7, status: 'success', settled_time: NOW - DAY, tx_hash: hash });
  const { unmount } = await renderInRouter(
    <WithdrawLogs logs={[paid]} explorerTxUrl="https://livenet.xrpl.org/transactions/{hash}" />,
  );
  const link = screen.getByTestId('tx-hash').closest('a');
  expect(link?.getAttribute('href')).toBe(`https://livenet.xrpl.org/transactions/${hash}`);
  expect(link?.getAttribute('target')).toBe('_blank');
  expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  expect(link?.textContent).toBe(hash);
  unmount();
  // Before the settings arrive (or with no explorer), the full hash is still shown, as text.
  await renderInRouter(<WithdrawLogs logs={[paid]} />);
  expect(screen.getByTestId('tx-hash').textContent).toBe(hash);
  expect(screen.getByTestId('tx-hash').closest('a')).toBeNull();
});
