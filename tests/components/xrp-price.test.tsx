import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { XrpRate } from '#contract/rates.ts';
import { CurrencyRow } from '#app/features/rates/components/currency-row.tsx';
import { XrpPrice } from '#app/features/rates/components/xrp-price.tsx';
import { chooseCurrency } from '#app/features/rates/currency-choice.ts';
import { activateLocale, loadEveryScreen } from '#app/i18n/i18n.ts';
import { queryKeys } from '#app/lib/query-keys.ts';
import { cacheHolding, renderInApp } from '#tests/helpers/render-in-app.tsx';

// The approximate value of 1 XRP in each state (docs/exchange-rate.md): fresh, stale (hidden), none
// (hidden), a currency the source lacks (hidden), and a user who chose to see none.

const NOW = Date.UTC(2026, 10, 24, 14, 5);

const rate = (over: Partial<XrpRate> = {}): XrpRate => ({
  source: 'CoinGecko',
  time: NOW / 1000 - 60,
  fresh_until: NOW / 1000 - 60 + 1800,
  prices: { USD: '2.1345', EGP: '105.37', CNY: '15.4812' },
  ...over,
});

function show(data: XrpRate | null) {
  renderInApp(<XrpPrice />, cacheHolding(queryKeys.rates.xrp(), data));
}

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  browserLanguages(['en-US']);
  chooseCurrency(undefined);
  // These screens come after the first one: their texts are in every screen's catalog.
  await loadEveryScreen();
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the value of 1 XRP', () => {
  it('fresh: the price in the user currency, with its source and the time of the quote', () => {
    show(rate());
    const price = screen.getByTestId('xrp-price');
    expect(price.textContent).toBe(
      `1 XRP ≈ $2.13 (CoinGecko price, ${new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(NOW - 60_000)})`,
    );
    expect(price.dataset['currency']).toBe('USD');
  });

  it('follows the region the browser names, in the language of the app', async () => {
    browserLanguages(['ar-EG', 'ar']);
    await activateLocale('ar');
    show(rate());
    const price = screen.getByTestId('xrp-price');
    expect(price.dataset['currency']).toBe('EGP');
    expect(price.textContent).toContain(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'EGP' }).format(105.37),
    );
    expect(price.textContent).toContain('سعر CoinGecko');
  });

  it('stale: once the quote is older than the server allows, nothing is shown (a cached one too)', () => {
    show(rate({ time: NOW / 1000 - 3600, fresh_until: NOW / 1000 - 1800 }));
    expect(screen.queryByTestId('xrp-price')).toBeNull();
  });

  it('goes away by itself when the quote gets too old on a screen left open', () => {
    show(rate({ fresh_until: NOW / 1000 + 30 }));
    expect(screen.queryByTestId('xrp-price')).not.toBeNull();
    act(() => vi.advanceTimersByTime(32_000));
    expect(screen.queryByTestId('xrp-price')).toBeNull();
  });

  it('none: without a rate from the server, nothing is shown, and no number is made up', () => {
    show(null);
    expect(screen.queryByTestId('xrp-price')).toBeNull();
    expect(document.body.textContent).toBe('');
  });

  it('a currency the source does not carry is not converted from another: nothing is shown', () => {
    chooseCurrency('JPY');
    show(rate());
    expect(screen.queryByTestId('xrp-price')).toBeNull();
  });

  it('the user can choose a currency, or none', () => {
    chooseCurrency('CNY');
    show(rate());
    expect(screen.getByTestId('xrp-price').textContent).toContain('CN¥15.48');
    cleanup();
    chooseCurrency('none');
    show(rate());
    expect(screen.queryByTestId('xrp-price')).toBeNull();
  });
});

describe('the choice of currency', () => {
  it('lists the currencies in the order of their names in the user language, not of their codes', async () => {
    await activateLocale('fr');
    renderInApp(<CurrencyRow />, cacheHolding(queryKeys.rates.xrp(), rate()));
    fireEvent.click(screen.getByRole('button'));
    const names = (code: string) => new Intl.DisplayNames(['fr'], { type: 'currency' }).of(code);
    const choices = within(screen.getByTestId('currency-choices'))
      .getAllByRole('button')
      .map((choice) => choice.textContent);
    // "dollar des États-Unis", "livre égyptienne", "yuan renminbi chinois": by code, CNY would come first.
    expect(choices.slice(1, -1)).toEqual([
      `${names('USD')} (USD)`,
      `${names('EGP')} (EGP)`,
      `${names('CNY')} (CNY)`,
    ]);
  });
});
