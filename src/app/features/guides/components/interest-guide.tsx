import { Trans } from '@lingui/react/macro';
import type { PublicSettings } from '#contract/settings.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { dailyInterest, unroundedDailyInterest } from '#domain/rewards/interest.ts';
import { parsePercent } from '#domain/rules/product-rules.ts';
import { Card } from '#app/components/card.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatPercent, formatXrp } from '#app/lib/format.ts';
import { invitationsRaiseRate } from '#app/lib/invite-rates.ts';
import { Section } from '#app/components/section.tsx';

/** A balance and an annual rate, as the API gives them (decimal strings). */
interface Figures {
  balance: string;
  /** Percent, e.g. "5". */
  rate: string;
}

/**
 * How daily interest is computed, with worked examples at the rates in force. Every result comes
 * from `dailyInterest`, the function the server credits with (src/domain/rewards/interest.ts): the
 * amount shown here is the amount a claim credits (docs/product-rules.md#shown-equals-credited).
 */
export function InterestGuide({ settings, mine }: { settings: PublicSettings; mine: Figures | null }) {
  const base = formatPercent(settings.apr_base);
  const step = formatPercent(settings.apr_step);
  const max = formatPercent(settings.apr_max);
  const example = settings.min_withdrawal;
  const maxCredited = <XrpAmount amount={credited({ balance: example, rate: settings.apr_max })} />;
  const exampleBalance = <XrpAmount amount={example} />;
  return (
    <>
      <p className="guide-lead">
        <Trans>
          Each day, once you have done all of the day&apos;s tasks and saved a withdrawal address, you can
          claim interest on your balance.
        </Trans>
      </p>
      <Section titleId="interest-rule-title" title={<Trans>The rule</Trans>}>
        <p>
          <Trans>
            Daily interest is your balance × the annual rate ÷ 365, rounded down to 0.000001 XRP (one drop,
            the smallest amount the XRP Ledger pays).
          </Trans>
        </p>
        <ul className="guide-points">
          <li>
            {invitationsRaiseRate(settings) ? (
              <Trans>
                Your annual rate starts at {base} and rises by {step} for each invitation that counts, up to{' '}
                {max}.
              </Trans>
            ) : (
              <Trans>Your annual rate is {base}. Invitations do not raise it at present.</Trans>
            )}
          </li>
          <li>
            <Trans>
              It is computed on your balance at the moment you claim. Claimed interest joins your balance, so
              the next day&apos;s interest is computed on it too.
            </Trans>
          </li>
          <li>
            <Trans>One claim a day. A day you do not claim is not paid later.</Trans>
          </li>
          <li>
            <Trans>
              A withdrawal leaves your balance when you make it, so it earns no interest while it waits.
            </Trans>
          </li>
        </ul>
      </Section>
      <Section titleId="interest-example-title" title={<Trans>A worked example</Trans>}>
        <Card data-testid="interest-example">
          <p>
            <Trans>
              A balance of {exampleBalance} at {base} a year:
            </Trans>
          </p>
          <Working figures={{ balance: example, rate: settings.apr_base }} />
          <p>
            <Trans>
              At the maximum rate of {max}, the same balance earns {maxCredited} a day.
            </Trans>
          </p>
        </Card>
        {mine ? <YourFigures figures={mine} /> : null}
      </Section>
    </>
  );
}

/** What a claim credits for these figures: the server's own function. */
function credited({ balance, rate }: Figures): string {
  return formatAmount(dailyInterest(parseAmount(balance) ?? 0n, parsePercent(rate) ?? 0));
}

/** The division written out, then what it rounds down to. */
function Working({ figures }: { figures: Figures }) {
  const unrounded = unroundedDailyInterest(
    parseAmount(figures.balance) ?? 0n,
    parsePercent(figures.rate) ?? 0,
  );
  const daily = <XrpAmount amount={credited(figures)} testId="credited" />;
  const exact = `${formatXrp(unrounded.text, { maxDecimals: 10 })}${unrounded.cut ? '…' : ''}`;
  const formula = `${formatXrp(figures.balance)} × ${formatPercent(figures.rate)} ÷ 365 = ${exact}`;
  return (
    <>
      {/* Arithmetic reads left to right in every language. */}
      <p className="guide-formula">
        <Isolate>{formula}</Isolate>
      </p>
      <p>
        <Trans>Rounded down to a whole drop, that is {daily} a day: the amount a claim credits.</Trans>
      </p>
    </>
  );
}

function YourFigures({ figures }: { figures: Figures }) {
  const balance = <XrpAmount amount={figures.balance} />;
  const rate = formatPercent(figures.rate);
  return (
    <Card data-testid="interest-yours">
      <h3>
        <Trans>Your figures now</Trans>
      </h3>
      <p>
        <Trans>
          Your balance of {balance} at your rate of {rate} a year:
        </Trans>
      </p>
      <Working figures={figures} />
    </Card>
  );
}
