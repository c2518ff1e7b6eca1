import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '#domain/i18n/locales.ts';
import { pickCurrency } from '#domain/rates/currency.ts';
import { Dialog } from '#app/components/dialog.tsx';
import { CheckIcon, WalletIcon } from '#app/components/icons.tsx';
import { ListRow } from '#app/components/list.tsx';
import { xrpRateQueryOptions } from '../api/rates-queries.ts';
import { chooseCurrency, useChosenCurrency } from '../currency-choice.ts';

/** A currency's name in the user's language ("US dollar", "دولار أمريكي"), or its code. */
function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Orders choices by their label as `locale` sorts words. */
function byLabel(locale: string): (a: { label: string }, b: { label: string }) => number {
  const collator = new Intl.Collator(locale);
  return (a, b) => collator.compare(a.label, b.label);
}

/**
 * Mine's row for the currency beside XRP: automatic (the browser's region and the language decide),
 * one the rate source carries, or none. Shown only while the server has a price to show.
 */
export function CurrencyRow() {
  const { i18n, t } = useLingui();
  const rate = useQuery(xrpRateQueryOptions());
  const chosen = useChosenCurrency();
  const [open, setOpen] = useState(false);
  if (!rate.data) return null;
  const carried = Object.keys(rate.data.prices);
  const automatic = pickCurrency({
    chosen: undefined,
    languages: navigator.languages,
    locale: i18n.locale as Locale,
    carried: new Set(carried),
  });
  const automaticName = automatic ? currencyName(automatic, i18n.locale) : null;
  const choices: { value: string | undefined; label: string }[] = [
    { value: undefined, label: automaticName ? t`Automatic: ${automaticName}` : t`Automatic` },
    // In the order of the names shown, as the language sorts them: by code, "دولار أمريكي (USD)"
    // would sit among names that start with other letters.
    ...carried
      .map((code) => ({ value: code, label: `${currencyName(code, i18n.locale)} (${code})` }))
      .sort(byLabel(i18n.locale)),
    { value: 'none', label: t`Do not show a value` },
  ];
  const current =
    chosen === 'none' ? t`Not shown` : chosen === undefined ? (automatic ?? t`Not shown`) : chosen;
  return (
    <>
      <ListRow
        icon={<WalletIcon />}
        label={<Trans>Currency for the value of XRP</Trans>}
        value={<span dir="ltr">{current}</span>}
        onClick={() => setOpen(true)}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Currency for the value of XRP</Trans>}
        variant="sheet"
      >
        <p className="muted">
          <Trans>
            An approximate value, from the price source Earnest uses. Earnest pays in XRP, never in another
            currency.
          </Trans>
        </p>
        <ul className="choice-list" data-testid="currency-choices">
          {choices.map((choice) => (
            <li key={choice.value ?? 'automatic'}>
              <button
                type="button"
                className="choice"
                aria-pressed={chosen === choice.value}
                onClick={() => {
                  chooseCurrency(choice.value);
                  setOpen(false);
                }}
              >
                <span>{choice.label}</span>
                {chosen === choice.value ? <CheckIcon /> : null}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
