import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '#contract/auth.ts';
import type { DailyReward } from '#contract/rewards.ts';
import type { Task, TaskList } from '#contract/tasks.ts';
import type { QueuedAction, QueuedKind } from '#contract/sync.ts';
import type * as SyncQueue from '#app/pwa/sync-queue.ts';
import type { AdStatus, WithdrawRule, WithdrawStatus } from '#contract/withdraw.ts';
import { WithdrawRules } from '#app/components/withdraw-rules.tsx';
import { Figures } from '#app/features/account/components/figures.tsx';
import { GiftCard } from '#app/features/rewards/components/gift-card.tsx';
import { InterestCard } from '#app/features/rewards/components/interest-card.tsx';
import { WithdrawWizard } from '#app/features/rewards/components/withdraw-wizard.tsx';
import { AdCard } from '#app/features/withdraw/components/ad-card.tsx';
import { WithdrawAction } from '#app/features/withdraw/components/withdraw-action.tsx';
import { WithdrawProgress } from '#app/features/withdraw/components/withdraw-progress.tsx';
import { DaySummary } from '#app/features/tasks/components/day-summary.tsx';
import { activateLocale } from '#app/i18n/i18n.ts';
import { noteServerDate } from '#app/lib/server-clock.ts';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// Every money card in each of its states: its words follow the same state its buttons use, so no card
// ever says "claim below" with nothing to claim, or "you can withdraw" above "earn 100 XRP".

/**
 * Finds the innermost element whose whole text reads so: amounts and dates sit in their own isolating
 * elements (components/isolate.tsx), so a sentence is split across several text nodes.
 */
function sentence(expected: string | RegExp) {
  const reads = (element: Element) => {
    const text = element.textContent ?? '';
    return typeof expected === 'string' ? text === expected : expected.test(text);
  };
  return (_: string, element: Element | null) =>
    element !== null && reads(element) && ![...element.children].some(reads);
}

const reward = (over: Partial<DailyReward> = {}): DailyReward => ({
  today_tasks: 10,
  tasks_per_day: 10,
  daily_reward: '0.006849',
  annual_rate: '5',
  last_claim_time: null,
  next_claim_time: 1_795_564_800,
  claimed_today: false,
  address_set: true,
  gift_amount: '30',
  gift_claimed: false,
  ...over,
});

const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

rendersEveryScreenIn('en');

/** Task completions waiting to sync on this device, as the service worker reports them. */
let waiting: QueuedAction[] = [];
vi.mock('#app/pwa/sync-queue.ts', async (original) => {
  const real = await original<typeof SyncQueue>();
  return {
    ...real,
    usePendingActions: (kind?: QueuedKind) => waiting.filter((action) => !kind || action.kind === kind),
    useWaitingCompletions: (day: string) => real.waitingCompletionIds(waiting, day),
  };
});
const TODAY = '2026-11-28';
const waitingCompletion = (taskId: number, day: string | undefined = TODAY): QueuedAction => ({
  id: `k-${taskId}-${day}`,
  kind: 'task.complete',
  account: 'amina',
  body: { task_id: taskId, ...(day ? { day } : {}) },
  state: 'waiting',
  queuedAt: 0,
  attempts: 0,
  retryAt: null,
  error: null,
});

describe('the interest card', () => {
  /** The card for a day of three tasks of 2 XRP, one credited, with `kept` waiting to sync on the device. */
  async function dayOfThree(kept: QueuedAction[], balance: string, dailyReward: string, listDay = TODAY) {
    waiting = kept;
    const tasks = [1, 2, 3].map((id) => ({ id, reward: '2' }));
    await renderInRouter(
      <InterestCard
        reward={reward({ day: TODAY, today_tasks: 1, tasks_per_day: 3, daily_reward: dailyReward })}
        balance={balance}
        tasks={tasks}
        day={listDay}
      />,
    );
  }
  afterEach(() => {
    waiting = [];
  });

  it('with completions waiting to sync: the count, the tick and the amount all say so', async () => {
    await dayOfThree([waitingCompletion(2), waitingCompletion(3)], '30', '0.004109');
    // Finished, not done: the server has not confirmed them, and the balance card does not count them.
    const row = screen.getByText(
      sentence("You finished all of today's tasks (3/3). 2 of them are waiting to sync."),
    );
    expect(row.closest('li')?.className).toBe('is-waiting');
    expect(screen.queryByText(/tasks done/)).toBeNull();
    // 34 XRP at 5% for a day, rounded down to a drop: what the server computes once they are credited.
    expect(screen.getByTestId('interest-amount').textContent).toBe('0.004657 XRP today, at 5% a year');
    expect(screen.getByTestId('interest-worked-out-on').textContent).toBe(
      'Worked out on 34 XRP: your balance once what is waiting to sync is credited.',
    );
  });

  it('with a gift claim waiting to sync too: the amount counts the gift, which the server credits first', async () => {
    const gift: QueuedAction = {
      ...waitingCompletion(0),
      id: 'k-gift',
      kind: 'gift.claim',
      body: { amount: '30' },
    };
    await dayOfThree([waitingCompletion(2), waitingCompletion(3), gift], '30', '0.004109');
    // 64 XRP (30 + 4 + the 30 XRP gift) at 5% for a day, rounded down to a drop.
    expect(screen.getByTestId('interest-amount').textContent).toBe('0.008767 XRP today, at 5% a year');
    expect(screen.getByTestId('interest-worked-out-on').textContent).toBe(
      'Worked out on 64 XRP: your balance once what is waiting to sync is credited.',
    );
    expect(button(/Claim interest/).disabled).toBe(false);
  });

  it('with a completion of yesterday waiting to sync: no claim until it synced, and the card says why', async () => {
    // Its reward is not on today's list, so no amount shown now could be the one the server computes.
    await dayOfThree(
      [waitingCompletion(1, '2026-11-27'), waitingCompletion(2), waitingCompletion(3)],
      '30',
      '0.004109',
    );
    expect(
      screen.getByText(sentence("You finished all of today's tasks (3/3). 2 of them are waiting to sync.")),
    ).toBeTruthy();
    expect(button(/Claim interest/).disabled).toBe(true);
    expect(screen.getByTestId('interest-after-sync').textContent).toBe(
      'Actions saved on this device must sync first: the interest is worked out on the balance they bring.',
    );
  });

  it("does not count a completion kept from yesterday toward today's tasks, though the task is offered again", async () => {
    // Task 2 was done yesterday, offline; task 3 today, by an app that did not yet name the day.
    await dayOfThree([waitingCompletion(2, '2026-11-27'), waitingCompletion(3, undefined)], '32', '0.004383');
    const row = screen.getByText(sentence("Finish all of today's tasks (2/3) 1 of them is waiting to sync."));
    expect(row.closest('li')?.className).toBe('is-unmet');
    expect(button(/Claim interest/).disabled).toBe(true);
  });

  it("just past midnight, with the task list still yesterday's, counts none of yesterday's waiting completions toward today", async () => {
    const YESTERDAY = '2026-11-27';
    // Today's figures arrived; the list did not, so it is still yesterday's with two of its tasks waiting.
    await dayOfThree(
      [waitingCompletion(2, YESTERDAY), waitingCompletion(3, YESTERDAY)],
      '30',
      '0.004109',
      YESTERDAY,
    );
    const row = screen.getByText(sentence("Finish all of today's tasks (1/3)"));
    expect(row.closest('li')?.className).toBe('is-unmet');
    expect(button(/Claim interest/).disabled).toBe(true);
  });

  it('claimable: the exact amount to the drop, the rule stated, the button on', async () => {
    await renderInRouter(<InterestCard reward={reward()} balance="50" tasks={[]} day={TODAY} />);
    expect(screen.getByTestId('interest-amount').textContent).toBe('0.006849 XRP today, at 5% a year');
    expect(screen.getByTestId('interest-rule').textContent).toContain('rounded down to 0.000001 XRP');
    expect(button(/Claim interest/).disabled).toBe(false);
  });

  it('tasks not done: says what is still to do, not that it is done, and the button is off', async () => {
    await renderInRouter(
      <InterestCard reward={reward({ today_tasks: 3 })} balance="50" tasks={[]} day={TODAY} />,
    );
    expect(screen.getByText(/Finish all of today's tasks \(3\/10\)/).closest('li')?.className).toBe(
      'is-unmet',
    );
    expect(screen.queryByText(/tasks done/)).toBeNull();
    expect(button(/Claim interest/).disabled).toBe(true);
  });

  it('tasks done: says so beside its check mark', async () => {
    await renderInRouter(
      <InterestCard reward={reward({ today_tasks: 10 })} balance="50" tasks={[]} day={TODAY} />,
    );
    expect(screen.getByText(/All of today's tasks done \(10\/10\)/).closest('li')?.className).toBe('is-met');
  });

  it('a day shorter than the rule (a task switched off): done once the tasks the day holds are done', async () => {
    await renderInRouter(
      <InterestCard reward={reward({ today_tasks: 9, day_tasks: 9 })} balance="50" tasks={[]} day={TODAY} />,
    );
    expect(screen.getByText(/All of today's tasks done \(9\/9\)/).closest('li')?.className).toBe('is-met');
    expect(button(/Claim interest/).disabled).toBe(false);
  });

  it('no address: offers to save one instead of claiming', async () => {
    await renderInRouter(
      <InterestCard reward={reward({ address_set: false })} balance="50" tasks={[]} day={TODAY} />,
    );
    expect(screen.getByRole('link', { name: 'Save a withdrawal address' })).toBeTruthy();
    expect(button(/Claim interest/).disabled).toBe(true);
  });

  it('claimed today: no amount to claim, no button that does nothing', async () => {
    await renderInRouter(
      <InterestCard reward={reward({ claimed_today: true })} balance="50" tasks={[]} day={TODAY} />,
    );
    expect(screen.queryByTestId('interest-amount')).toBeNull();
    expect(screen.queryByRole('button', { name: /Claim interest/ })).toBeNull();
  });
});

describe('the interest card, claimed by keyboard', () => {
  it('gives the focus from its claim button, gone, to its heading above what was claimed', async () => {
    let claimed = () => undefined as void;
    function Claiming() {
      const [claimedToday, setClaimedToday] = useState(false);
      claimed = () => setClaimedToday(true);
      return (
        <main>
          <InterestCard
            reward={reward({ claimed_today: claimedToday })}
            balance="50"
            tasks={[]}
            day={TODAY}
          />
        </main>
      );
    }
    await renderInRouter(<Claiming />);
    const claim = button(/Claim interest/);
    claim.focus();
    expect(document.activeElement).toBe(claim);
    await act(async () => claimed());
    expect(screen.queryByRole('button', { name: /Claim interest/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Daily interest' }));
  });
});

describe('withdrawing all', () => {
  it('says before the tap what is sent, after how long, and that a payment can wait longer and why', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    await renderInRouter(
      <WithdrawAction balance="150.0205478" waitingDays={30} minHours={12} maxHours={36} allowed />,
    );
    button(/Withdraw all XRP/).click();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Your whole balance, 150.020547 XRP, goes to your exchange address after a waiting period of 30 days.',
    );
    expect(dialog.textContent).toContain(
      "A payment can wait longer than its waiting period: for Earnest's payout wallet to be refilled, or for a check by its operator. Your withdrawal record then says why.",
    );
  });
});

describe('the ad card', () => {
  const now = Math.floor(Date.now() / 1000);
  const playedToTheEnd: AdStatus = {
    state: 'playing',
    video_url: null,
    seconds: 30,
    started_time: now - 120,
    reduced_hours: null,
    next_time: now + 86_400,
  };
  afterEach(() => {
    waiting = [];
  });

  it('once the ad has run: the button that shortens the wait', async () => {
    await renderInRouter(<AdCard ad={playedToTheEnd} minHours={12} maxHours={36} />);
    expect(screen.getByTestId('ad-timer').textContent).toBe('The ad is over.');
    expect(button(/Shorten my wait/).disabled).toBe(false);
  });

  // The server would refuse a second completion as already done today.
  it('with its completion kept offline: says it is waiting to sync, and offers no second tap', async () => {
    waiting = [{ ...waitingCompletion(0), id: 'ad-1', kind: 'ad.complete', body: {} }];
    await renderInRouter(<AdCard ad={playedToTheEnd} minHours={12} maxHours={36} />);
    expect(screen.getByTestId('ad-waiting').textContent).toBe(
      'Your watched ad is waiting to sync. Your wait is shortened once the server confirms it.',
    );
    expect(screen.queryByRole('button', { name: /Shorten my wait/ })).toBeNull();
  });

  it("counts the ad on the server's clock, not on a phone clock that runs 40 s fast", async () => {
    // The last answer said the server's time is 40 s behind this device's.
    noteServerDate(new Date(Date.now() - 40_000).toUTCString());
    try {
      const serverNow = Math.floor(Date.now() / 1000) - 40;
      const justOpened: AdStatus = {
        ...playedToTheEnd,
        started_time: serverNow,
        next_time: serverNow + 86_400,
      };
      await renderInRouter(<AdCard ad={justOpened} minHours={12} maxHours={36} />);
      expect(screen.getByTestId('ad-timer').textContent).not.toBe('The ad is over.');
      expect(button(/Shorten my wait/).disabled).toBe(true);
    } finally {
      // Back to no difference: Date.parse of the epoch, received at 500 ms.
      noteServerDate(new Date(0).toUTCString(), 500);
    }
  });
});

describe('the gift card', () => {
  it('unclaimed: the amount that is credited, and the button to claim it', async () => {
    await renderInRouter(<GiftCard amount="30" />);
    expect(screen.getByText('30 XRP')).toBeTruthy();
    expect(button(/Claim the gift/).disabled).toBe(false);
  });

  it('a claim sends the amount shown, so the server refuses it rather than credit another', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        code: 1,
        msg: 'ok',
        data: { amount: '30', balance: '30', claim_time: 1_795_564_800 },
      }),
    );
    try {
      await renderInRouter(<GiftCard amount="30" />);
      button(/Claim the gift/).click();
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      const [, init] = fetch.mock.calls[0] ?? [];
      expect(JSON.parse(String(init?.body))).toEqual({ amount: '30' });
    } finally {
      fetch.mockRestore();
    }
  });

  it('waits for the tap: nothing is claimed however long the card stays on screen', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      await renderInRouter(<GiftCard amount="30" />);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetch).not.toHaveBeenCalled();
      expect(button(/Claim the gift/).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
      fetch.mockRestore();
    }
  });
});

describe('the way to a withdrawal', () => {
  const BASIC_RULES = [
    { id: 'min_balance', required: '100' },
    { id: 'address_saved', required: '1' },
    { id: 'address_settled', required: '0' },
  ] as const;
  const props = {
    minWithdrawal: '100',
    waitingDays: 30,
    phoneBonus: null,
    phoneVerified: false,
    phoneBonusCredited: null,
    rulesInForce: BASIC_RULES,
    inviteRule: 'phone' as const,
    eligibility: undefined,
  };
  const met = (id: WithdrawRule['id'], required: string, current: string, ok = true): WithdrawRule => ({
    id,
    required,
    current,
    met: ok,
  });

  it('below the minimum: step 1 says what is left, no congratulation', async () => {
    await renderInRouter(<WithdrawWizard {...props} balance="42.5" addressSet={false} />);
    expect(screen.getByText(sentence('Step 1: earn 100 XRP. You have 42.5 XRP.'))).toBeTruthy();
    expect(screen.queryByTestId('wizard-ready')).toBeNull();
  });

  it('minimum reached without an address: step 1 done, still no "you can withdraw"', async () => {
    await renderInRouter(<WithdrawWizard {...props} balance="150.020547" addressSet={false} />);
    expect(screen.getByText(sentence(/Step 1 done: you have 150.020547 XRP/))).toBeTruthy();
    expect(screen.queryByTestId('wizard-ready')).toBeNull();
  });

  it('minimum reached and address saved: the congratulation once the server says every rule is met', async () => {
    // Not before the server's answer: it alone knows every rule.
    await renderInRouter(<WithdrawWizard {...props} balance="150" addressSet />);
    expect(screen.queryByTestId('wizard-ready')).toBeNull();
    cleanup();
    const eligibility = {
      rules: [met('min_balance', '100', '150'), met('address_saved', '1', '1')],
      may_withdraw: true,
    };
    await renderInRouter(<WithdrawWizard {...props} balance="150" addressSet eligibility={eligibility} />);
    expect(screen.getByTestId('wizard-ready').textContent).toContain('can withdraw');
  });

  it('minimum reached and address saved but a changed address still held: no congratulation, what is left instead', async () => {
    const eligibility = {
      rules: [
        met('min_balance', '100', '150'),
        met('address_saved', '1', '1'),
        met('address_settled', String(Date.UTC(2027, 0, 1) / 1000), '0', false),
      ],
      may_withdraw: false,
    };
    await renderInRouter(<WithdrawWizard {...props} balance="150" addressSet eligibility={eligibility} />);
    expect(screen.queryByTestId('wizard-ready')).toBeNull();
    const notYet = screen.getByTestId('wizard-not-yet');
    expect(notYet.textContent).toContain('You have reached 100 XRP, but a withdrawal needs more first:');
    expect(notYet.textContent).toContain('A changed address is held until');
    expect(notYet.querySelectorAll('li')).toHaveLength(1);
  });

  it('with invitations and a phone required: a step says so before "withdraw", not only at the end', async () => {
    const rulesInForce = [
      ...BASIC_RULES,
      { id: 'bound_invitations', required: '3' },
      { id: 'phone_verified', required: '1' },
    ] as const;
    await renderInRouter(
      <WithdrawWizard {...props} rulesInForce={rulesInForce} balance="10" addressSet={false} />,
    );
    screen.getByRole('button', { name: 'Next' }).click();
    screen.getByRole('button', { name: 'Next' }).click();
    const step = (await screen.findByText('A withdrawal also needs:')).closest('div');
    expect(step?.querySelectorAll('li')).toHaveLength(2);
    screen.getByRole('button', { name: 'Next' }).click();
    expect(await screen.findByText(sentence(/Step 3: withdraw/))).toBeTruthy();
  });

  it('with a phone bonus: the stepper offers +100 XRP, and says it was credited once verified', async () => {
    await renderInRouter(<WithdrawWizard {...props} phoneBonus="100" balance="10" addressSet={false} />);
    screen.getByRole('button', { name: 'Next' }).click();
    expect(
      (await screen.findByText(sentence(/verify your phone for a one-time \+100 XRP/))).textContent,
    ).toBeTruthy();
    cleanup();
    await renderInRouter(
      <WithdrawWizard
        {...props}
        phoneBonus="50"
        phoneVerified
        phoneBonusCredited="100"
        balance="10"
        addressSet={false}
      />,
    );
    screen.getByRole('button', { name: 'Next' }).click();
    // What the account was credited, though the bonus offered today is another.
    expect(await screen.findByText(sentence(/bonus of \+100 XRP was credited/))).toBeTruthy();
  });

  it('a phone verified without the bonus (its number already had one) never reads as credited', async () => {
    await renderInRouter(
      <WithdrawWizard {...props} phoneBonus="100" phoneVerified balance="10" addressSet={false} />,
    );
    screen.getByRole('button', { name: 'Next' }).click();
    expect(
      await screen.findByText(sentence(/already received the one-time bonus, so none was paid/)),
    ).toBeTruthy();
    expect(screen.queryByText(/was credited/)).toBeNull();
  });
});

describe('the withdrawal in progress', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  const status = (over: Partial<WithdrawStatus> = {}): WithdrawStatus => ({
    status: 1,
    create_time: now / 1000 - 3600,
    end_time: now / 1000 - 3600 + 30 * 86_400,
    reduced_hours: 0,
    amount: '150.020547',
    ...over,
  });

  it('reads like a countdown: days and hours, a bar from the request to the end, and the date', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      await renderInRouter(<WithdrawProgress status={status()} />);
      expect(screen.getByTestId('time-left').textContent).toBe('29 days, 23 hr left');
      const bar = screen.getByRole('progressbar') as HTMLProgressElement;
      expect(Number(bar.getAttribute('value'))).toBe(Math.round((1 / (30 * 24)) * 1000));
      expect(screen.getByText(sentence(/150.020547 XRP will be sent to your exchange around/))).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('in its last hour and once over, says so in words: never a blank figure or a date gone by', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      await renderInRouter(<WithdrawProgress status={status({ end_time: now / 1000 + 40 * 60 })} />);
      expect(screen.getByTestId('time-left').textContent).toBe('Less than an hour left');
      cleanup();
      await renderInRouter(<WithdrawProgress status={status({ end_time: now / 1000 - 5 * 86_400 })} />);
      expect(screen.getByTestId('time-left').textContent).toBe('Waiting period over');
      expect(screen.queryByText(/will be sent to your exchange around/)).toBeNull();
      expect(
        screen.getByText(
          sentence(/^The waiting period ended on .+\. 150\.020547 XRP is sent next; if anything holds it/),
        ),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what the ads removed only when they removed something, and shows nothing when none runs', async () => {
    await renderInRouter(<WithdrawProgress status={status({ reduced_hours: 19 })} />);
    expect(screen.getByText('Ads have removed 19 hours so far.')).toBeTruthy();
    cleanup();
    await renderInRouter(<WithdrawProgress status={status({ status: 0, end_time: null })} />);
    expect(screen.queryByTestId('withdraw-progress')).toBeNull();
  });
});

describe('the withdrawal rules', () => {
  const rules = (met: boolean | undefined) =>
    (['address_saved', 'phone_verified'] as const).map((id) => ({
      id,
      required: '1',
      ...(met === undefined ? {} : { met, current: met ? '1' : '0' }),
    }));

  it('a rule not met says what to do; beside a cross it never reads as done', async () => {
    await renderInRouter(<WithdrawRules rules={rules(false)} inviteRule="wallet" />);
    const list = screen.getByTestId('withdraw-rules');
    expect(list.textContent).toContain('Save your exchange address and tag');
    expect(list.textContent).toContain('Verify your phone');
    expect(list.textContent).not.toMatch(/are saved|is verified/);
  });

  it('an invitation count the operator set to 1 reads right: a label and the number, no plural to agree', async () => {
    const one = [{ id: 'bound_invitations', required: '1', current: '0', met: false }] as const;
    await renderInRouter(<WithdrawRules rules={one} inviteRule="wallet" />);
    expect(screen.getByTestId('withdraw-rules').textContent).toContain(
      'Invited friends who saved a withdrawal address: 1 (you have 0)',
    );
    cleanup();
    await activateLocale('ru');
    try {
      await renderInRouter(<WithdrawRules rules={one} inviteRule="phone" />);
      expect(screen.getByTestId('withdraw-rules').textContent).toContain(
        'Приглашённые друзья, подтвердившие номер телефона, который не использовал другой приглашённый друг: 1 (у вас 0)',
      );
    } finally {
      await activateLocale('en');
    }
  });

  it('a rule met says what is done', async () => {
    await renderInRouter(<WithdrawRules rules={rules(true)} inviteRule="wallet" />);
    const list = screen.getByTestId('withdraw-rules');
    expect(list.textContent).toContain('Your exchange address and tag are saved');
    expect(list.textContent).toContain('Your phone number is verified');
  });

  it('before sign-up (Landing) each rule says what it asks', async () => {
    await renderInRouter(<WithdrawRules rules={rules(undefined)} inviteRule="wallet" />);
    expect(screen.getByTestId('withdraw-rules').textContent).not.toMatch(/are saved|is verified/);
  });
});

describe("Mine's figures", () => {
  const user = (over: Partial<UserInfo> = {}): UserInfo => ({
    username: 'ana',
    email: null,
    invite_code: 'ABCD2345',
    balance: '0',
    country: null,
    language: null,
    invite_count: 5,
    counted_invite_count: 2,
    total_tasks: 0,
    annual_rate: '7',
    total_claimed: '0',
    created_time: 1_790_000_000,
    welcomed_time: null,
    ...over,
  });

  it('says how many of the friends invited count toward the rate shown beside them', async () => {
    await renderInRouter(<Figures user={user()} />);
    expect(screen.getByTestId('annual-rate').textContent).toBe('7%');
    expect(screen.getByTestId('counted-invite-count').textContent).toBe('Counting toward your rate: 2');
  });

  it('from a server of the release before (a rolling upgrade), shows the count without the note', async () => {
    const { counted_invite_count: _left, ...older } = user();
    await renderInRouter(<Figures user={older} />);
    expect(screen.getByTestId('invite-count').textContent).toBe('5');
  });
});

describe("the day's summary", () => {
  it("says what the day's tasks can pay together, not a cap they cannot reach", async () => {
    const task = (id: number): Task => ({
      id,
      type: 'regular',
      title: `Task ${id}`,
      text: '',
      reward: '2',
      required_seconds: 1,
      target_url: null,
      questions: [],
      status: 'new',
      started_time: null,
    });
    const list: TaskList = {
      day: '2026-11-25',
      accepted: true,
      next_reset_time: 1_795_564_800,
      server_time: 1_795_500_000,
      tasks: [task(1), task(2), task(3)],
      completed: 1,
      earned: '2',
      tasks_per_day: 3,
      daily_cap: '20',
    };
    await renderInRouter(<DaySummary list={list} balance="32" serverOffsetMs={0} />);
    expect(screen.getByTestId('day-progress').textContent).toBe('1 of 3 tasks done · 2 of 6 XRP today');
  });

  it('reads the day again once it has reset, on a screen left open across midnight', async () => {
    const now = Math.floor(Date.now() / 1000);
    const list: TaskList = {
      day: '2026-11-27',
      accepted: true,
      next_reset_time: now + 1,
      server_time: now - 600,
      tasks: [],
      completed: 0,
      earned: '0',
      tasks_per_day: 3,
      daily_cap: '20',
    };
    const queryClient = new QueryClient();
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    await renderInRouter(<DaySummary list={list} balance="32" serverOffsetMs={0} />, queryClient);
    expect(invalidated).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['tasks'] }), {
      timeout: 3_000,
    });
  });
});
