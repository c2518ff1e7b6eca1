import { describe, expect, it } from 'vitest';
import { xrp } from '../money/amount.ts';
import {
  applySetting,
  RULE_SETTING_NAMES,
  settingsAt,
  settingText,
  type RuleSettings,
} from './rule-settings.ts';

const defaults: RuleSettings = {
  giftAmount: xrp(30),
  aprBaseBp: 500,
  aprStepBp: 100,
  aprMaxBp: 2000,
  minWithdrawal: xrp(100),
  waitingDays: 30,
  requiredInvitations: 0,
  requirePhone: false,
  exchanges: [{ name: 'Binance', addresses: ['rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh'] }],
  supportUrl: null,
};
const at = (iso: string) => new Date(iso);

describe('rule settings', () => {
  it('takes each change from its effective time, later ones winning, defaults before', () => {
    const changes = [
      { name: 'gift_xrp' as const, value: '40', effectiveAt: at('2026-01-02T00:00:00Z') },
      { name: 'gift_xrp' as const, value: '50', effectiveAt: at('2026-01-03T00:00:00Z') },
      { name: 'waiting_days' as const, value: '20', effectiveAt: at('2026-01-02T12:00:00Z') },
    ];
    expect(settingsAt(defaults, changes, at('2026-01-01T23:59:59Z'))).toEqual(defaults);
    expect(settingsAt(defaults, changes, at('2026-01-02T00:00:00Z')).giftAmount).toBe(xrp(40));
    const later = settingsAt(defaults, changes, at('2026-01-04T00:00:00Z'));
    expect([later.giftAmount, later.waitingDays]).toEqual([xrp(50), 20]);
  });

  it('refuses what is not a value of the setting, and writes values back as typed', () => {
    expect(applySetting(defaults, 'gift_xrp', '0.0000001')).toBeNull();
    expect(applySetting(defaults, 'min_withdrawal_xrp', '0')).toBeNull();
    expect(applySetting(defaults, 'apr_max_percent', '101')).toBeNull();
    expect(applySetting(defaults, 'waiting_days', '366')).toBeNull();
    expect(applySetting(defaults, 'withdraw_require_phone', 'yes')).toBeNull();
    expect(applySetting(defaults, 'exchanges', '[]')).toBeNull();
    // A name every user is shown: no NUL, bell or right-to-left override inside the JSON text.
    for (const name of ['Bin\\u0000ance', 'Bin\\u0007ance', 'Bin\\u202eance']) {
      const exchanges = `[{"name":"${name}","addresses":["rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh"]}]`;
      expect([name, applySetting(defaults, 'exchanges', exchanges)]).toEqual([name, null]);
    }
    expect(
      applySetting(
        defaults,
        'exchanges',
        '[{"name":"Bitstamp","addresses":["rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh"]}]',
      ),
    ).not.toBeNull();
    expect(applySetting(defaults, 'support_url', 'http://example.com')).toBeNull();
    expect(applySetting(defaults, 'support_url', '')?.supportUrl).toBeNull();
    const changed = applySetting(defaults, 'apr_base_percent', '5.5');
    expect(changed && settingText(changed, 'apr_base_percent')).toBe('5.5');
    expect(settingText(defaults, 'gift_xrp')).toBe('30');
  });

  it('reads back each setting as the text it writes, into its own field only', () => {
    const changed: RuleSettings = {
      giftAmount: xrp(40),
      aprBaseBp: 550,
      aprStepBp: 150,
      aprMaxBp: 2500,
      minWithdrawal: xrp(120),
      waitingDays: 20,
      requiredInvitations: 3,
      requirePhone: true,
      exchanges: [{ name: 'Kraken', addresses: ['rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh'] }],
      supportUrl: 'mailto:help@example.com',
    };
    const changedAll = RULE_SETTING_NAMES.reduce<RuleSettings | null>(
      (values, name) => values && applySetting(values, name, settingText(changed, name)),
      defaults,
    );
    expect(changedAll).toEqual(changed);
    for (const name of RULE_SETTING_NAMES) {
      expect(applySetting(changed, name, settingText(changed, name))).toEqual(changed);
    }
  });
});
