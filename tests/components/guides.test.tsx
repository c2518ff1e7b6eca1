import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '#contract/settings.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { dailyInterest } from '#domain/rewards/interest.ts';
import { parsePercent } from '#domain/rules/product-rules.ts';
import { countryName } from '#app/features/devices/device-names.ts';
import { AddressGuide } from '#app/features/guides/components/address-guide.tsx';
import { AddressSteps } from '#app/features/guides/components/address-steps.tsx';
import { InterestGuide } from '#app/features/guides/components/interest-guide.tsx';
import { WithdrawGuide } from '#app/features/guides/components/withdraw-guide.tsx';
import { InviteProgress } from '#app/features/invite/components/invite-progress.tsx';
import { InviteRules } from '#app/features/invite/components/invite-rules.tsx';
import { LandingContent } from '#app/features/landing/components/landing-content.tsx';
import type { InviteList } from '#contract/invite.ts';
import { activateLocale } from '#app/i18n/i18n.ts';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The guides work their figures out from the settings in force, with the server's own functions:
// whatever the operator configures, the worked example is what a claim credits.

const settings = (over: Partial<PublicSettings> = {}): PublicSettings => ({
  tasks_per_day: 10,
  daily_task_cap: '20',
  gift_amount: '30',
  kyc_bonus: '100',
  apr_base: '5',
  apr_step: '1',
  apr_max: '20',
  min_withdrawal: '100',
  waiting_days: 30,
  ad_seconds: 30,
  ad_reduction_min_hours: 12,
  ad_reduction_max_hours: 24,
  support_url: null,
  explorer_tx_url: 'https://livenet.xrpl.org/transactions/{hash}',
  bot_challenge: null,
  withdraw_rules: [
    { id: 'min_balance', required: '100' },
    { id: 'address_saved', required: '1' },
  ],
  invite_rule: 'phone',
  stats: { users: 3 },
  ...over,
});

const credits = (balance: string, rate: string) =>
  `${formatAmount(dailyInterest(parseAmount(balance) ?? 0n, parsePercent(rate) ?? 0))} XRP`;

rendersEveryScreenIn('en');

describe('the interest guide', () => {
  it('works the example out at the configured rates, as the server credits it', async () => {
    await renderInRouter(
      <InterestGuide
        settings={settings({ apr_base: '7.5', apr_max: '12', min_withdrawal: '250.5' })}
        mine={null}
      />,
    );
    const example = screen.getByTestId('interest-example');
    expect(example.textContent).toContain('250.5 × 7.5% ÷ 365 = 0.0514726027…');
    expect(within(example).getByTestId('credited').textContent).toBe(credits('250.5', '7.5'));
    expect(example.textContent).toContain(
      `At the maximum rate of 12%, the same balance earns ${credits('250.5', '12')} a day.`,
    );
    expect(screen.queryByTestId('interest-yours')).toBeNull();
  });

  it('signed in, it works out the user own figures the same way', async () => {
    await renderInRouter(<InterestGuide settings={settings()} mine={{ balance: '150.020547', rate: '6' }} />);
    const yours = screen.getByTestId('interest-yours');
    expect(within(yours).getByTestId('credited').textContent).toBe(credits('150.020547', '6'));
    expect(yours.textContent).toContain('150.020547 × 6% ÷ 365 = ');
  });

  it('in Arabic, the arithmetic stays left to right', async () => {
    await activateLocale('ar');
    await renderInRouter(<InterestGuide settings={settings()} mine={null} />);
    const formula = document.querySelector('.guide-formula bdi');
    expect(formula?.getAttribute('dir')).toBe('ltr');
  });
});

describe('the withdrawal guide', () => {
  it('states the figures and the rules in force', async () => {
    await renderInRouter(
      <WithdrawGuide
        settings={settings({
          waiting_days: 1,
          min_withdrawal: '50',
          ad_reduction_min_hours: 2,
          ad_reduction_max_hours: 6,
        })}
      />,
    );
    const guide = screen.getByTestId('withdraw-guide');
    expect(guide.textContent).toContain('Earn at least 50 XRP');
    expect(guide.textContent).toContain('Wait 1 day');
    expect(guide.textContent).toContain('shorten the wait by 2 to 6 hours');
    expect(screen.getByTestId('withdraw-rules').textContent).toContain('A balance of at least 100 XRP');
  });
});

describe('the withdraw guide, what adds to a balance', () => {
  it('names the gift and the phone bonus only while they are offered', async () => {
    await renderInRouter(<WithdrawGuide settings={settings()} />);
    const offered = screen.getByTestId('withdraw-guide').textContent ?? '';
    expect(offered).toContain('The new-user gift adds to it once.');
    expect(offered).toContain('Verifying your phone adds a one-time bonus to it.');
    cleanup();
    await renderInRouter(<WithdrawGuide settings={settings({ gift_amount: '0', kyc_bonus: '0' })} />);
    const none = screen.getByTestId('withdraw-guide').textContent ?? '';
    expect(none).toContain('Tasks and daily interest add to your balance.');
    expect(none).not.toMatch(/gift|bonus/);
  });
});

describe('invitations, when the operator set no rise', () => {
  const invites = (over: Partial<InviteList> = {}): InviteList => ({
    list: [],
    invite_count: 2,
    bound_count: 1,
    rule: 'phone',
    annual_rate: '5',
    apr_base: '5',
    apr_step: '0',
    apr_max: '20',
    ...over,
  });

  it('promise no rise anywhere: Invite, its rules, the interest guide and Landing', async () => {
    await renderInRouter(<InviteProgress invites={invites()} balance="1000" />);
    expect(screen.getByTestId('invite-progress').textContent).toContain(
      '1 invitation counts. Invitations do not raise the rate at present.',
    );
    expect(screen.queryByTestId('invite-worth')).toBeNull();
    cleanup();
    await renderInRouter(<InviteRules invites={invites({ apr_step: '1', apr_max: '5' })} />);
    expect(screen.getByTestId('invite-rules').textContent).toContain(
      'Your rate is 5% a year. Invitations do not raise it at present.',
    );
    cleanup();
    await renderInRouter(<InterestGuide settings={settings({ apr_step: '0' })} mine={null} />);
    expect(document.body.textContent).toContain(
      'Your annual rate is 5%. Invitations do not raise it at present.',
    );
    cleanup();
    await renderInRouter(<LandingContent settings={settings({ apr_step: '0' })} />);
    const landing = screen.getByTestId('landing-rules').textContent ?? '';
    expect(landing).toContain('Daily interest at 5% a year.');
    expect(landing).not.toMatch(/invitation/);
  });

  it('near the maximum, the worth of the next invitation is what is left of the step', async () => {
    // 19% of a 20% maximum, steps of 2: the next one adds 1 point, 10 XRP a year on 1,000 XRP.
    await renderInRouter(
      <InviteProgress
        invites={invites({ annual_rate: '19', apr_step: '2', bound_count: 7 })}
        balance="1000"
      />,
    );
    expect(screen.getByTestId('invite-worth').textContent).toBe(
      'At your balance today (1,000 XRP), the next invitation that counts adds about 10 XRP of interest a year.',
    );
  });
});

describe('a country code from the proxy', () => {
  it('is named in the user language', async () => {
    expect(countryName('NL')).toBe(new Intl.DisplayNames(['en'], { type: 'region' }).of('NL'));
    await activateLocale('ar');
    expect(countryName('EG')).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('EG'));
  });
});

describe('the address steps', () => {
  it('say "here" only beside the address form, and name the Withdraw screen on the guide page', async () => {
    await renderInRouter(<AddressSteps />);
    expect(screen.getByText(/^Paste both on Earnest's Withdraw screen\./)).toBeTruthy();
    expect(screen.queryByText(/^Paste both here/)).toBeNull();

    await renderInRouter(<AddressGuide formShown />);
    expect(screen.getByText(/^Paste both here\./)).toBeTruthy();

    // On the withdraw screen while the form is not there (offline): no "here" pointing at nothing.
    cleanup();
    await renderInRouter(<AddressGuide formShown={false} />);
    expect(screen.queryByText(/^Paste both here/)).toBeNull();
    expect(screen.getByText(/^Paste both on Earnest's Withdraw screen\./)).toBeTruthy();
  });
});
