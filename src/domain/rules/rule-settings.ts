import { formatAmount, parseDrops, type Amount } from '../money/amount.ts';
import { formatPercent, parsePercent } from './product-rules.ts';

/**
 * The user-facing rules an operator may change from the console (docs/operators.md#settings). The
 * server's configuration gives each one's default; a change is dated and takes effect from a stated
 * time, never before it was made, so what a user was told before that time stays true.
 */
export const RULE_SETTING_NAMES = [
  'gift_xrp',
  'apr_base_percent',
  'apr_step_percent',
  'apr_max_percent',
  'min_withdrawal_xrp',
  'waiting_days',
  'withdraw_required_invitations',
  'withdraw_require_phone',
  'exchanges',
  'support_url',
] as const;
export type RuleSettingName = (typeof RULE_SETTING_NAMES)[number];

export interface Exchange {
  name: string;
  addresses: string[];
}

/** The values of every editable rule at one time. */
export interface RuleSettings {
  giftAmount: Amount;
  aprBaseBp: number;
  aprStepBp: number;
  aprMaxBp: number;
  minWithdrawal: Amount;
  waitingDays: number;
  requiredInvitations: number;
  requirePhone: boolean;
  exchanges: Exchange[];
  supportUrl: string | null;
}

/** One dated change as stored: the value as text, as the console sends it. */
export interface RuleSettingChange {
  name: RuleSettingName;
  value: string;
  effectiveAt: Date;
}

/** How long a change made "now" waits, so every server process has read it when it takes effect. */
export const SETTING_LEAD_MS = 5_000;

const wholeNumber = (text: string, max: number): number | null =>
  /^\d{1,3}$/.test(text.trim()) && Number(text) <= max ? Number(text) : null;

function parseExchanges(text: string): Exchange[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 100) return null;
  const list: Exchange[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { name, addresses } = item as { name?: unknown; addresses?: unknown };
    if (typeof name !== 'string' || name.trim() === '' || name.length > 60) return null;
    // Shown to every user: no control or format characters (a NUL, a right-to-left override that
    // would turn the name around), which the request guard cannot see inside this JSON text.
    if (/[\p{Cc}\p{Cf}\p{Cs}]/u.test(name)) return null;
    if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > 50) return null;
    if (
      !addresses.every((a): a is string => typeof a === 'string' && /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(a))
    )
      return null;
    list.push({ name: name.trim(), addresses });
  }
  return list;
}

const yesOrNo = (text: string): boolean | null => (text === 'true' ? true : text === 'false' ? false : null);

/** A percent no higher than 100. */
const percent = (text: string) => {
  const bp = parsePercent(text);
  return bp !== null && bp <= 10_000 ? bp : null;
};

/** An XRP amount in whole drops, at most a million XRP. */
const xrpAmount = (text: string, allowZero: boolean) => {
  const amount = parseDrops(text.trim());
  if (amount === null || amount > 10n ** 13n) return null;
  return allowZero || amount > 0n ? amount : null;
};

/** How one setting's text is read into the values and written back from them. */
interface SettingField {
  apply(values: RuleSettings, text: string): RuleSettings | null;
  text(values: RuleSettings): string;
}

/** A setting held in one field, whose text `parse` reads (null: not a value) and `format` writes. */
function field<K extends keyof RuleSettings>(
  key: K,
  parse: (text: string) => RuleSettings[K] | null,
  format: (value: RuleSettings[K]) => string,
): SettingField {
  return {
    apply(values, text) {
      const value = parse(text);
      return value === null ? null : { ...values, [key]: value };
    },
    text: (values) => format(values[key]),
  };
}

/**
 * Every setting's text, one entry each. Amounts are XRP decimals in whole drops, rates percents,
 * lists JSON (exchange addresses are checked for their checksum by the server too).
 */
const SETTING_FIELDS: Record<RuleSettingName, SettingField> = {
  gift_xrp: field('giftAmount', (text) => xrpAmount(text, true), formatAmount),
  min_withdrawal_xrp: field('minWithdrawal', (text) => xrpAmount(text, false), formatAmount),
  apr_base_percent: field('aprBaseBp', percent, formatPercent),
  apr_step_percent: field('aprStepBp', percent, formatPercent),
  apr_max_percent: field('aprMaxBp', percent, formatPercent),
  waiting_days: field('waitingDays', (text) => wholeNumber(text, 365), String),
  withdraw_required_invitations: field('requiredInvitations', (text) => wholeNumber(text, 100), String),
  withdraw_require_phone: field('requirePhone', yesOrNo, String),
  exchanges: field('exchanges', parseExchanges, (exchanges) => JSON.stringify(exchanges)),
  // Null is a value here (no support link), so the empty text is read apart from a bad one.
  support_url: {
    apply(values, text) {
      const url = text.trim();
      if (url === '') return { ...values, supportUrl: null };
      return /^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/.test(url) && url.length <= 500
        ? { ...values, supportUrl: url }
        : null;
    },
    text: (values) => values.supportUrl ?? '',
  },
};

/** Applies one change's text to a set of values; null when the text is not a value of that setting. */
export function applySetting(values: RuleSettings, name: RuleSettingName, text: string): RuleSettings | null {
  return SETTING_FIELDS[name].apply(values, text);
}

/**
 * Whether a set of values contradicts itself: a base annual rate above its maximum would advertise a
 * rate nobody is paid (the rate is capped at the maximum).
 */
export function settingsConflict(values: Pick<RuleSettings, 'aprBaseBp' | 'aprMaxBp'>): boolean {
  return values.aprBaseBp > values.aprMaxBp;
}

/** A setting's value as text, the form a change is typed and stored in. */
export function settingText(values: RuleSettings, name: RuleSettingName): string {
  return SETTING_FIELDS[name].text(values);
}

/**
 * The values in force at `at`: the defaults, then every change effective by then in the order they
 * take effect (a later change of the same setting wins). A stored change that no longer parses is
 * skipped rather than stopping every request.
 */
export function settingsAt(
  defaults: RuleSettings,
  changes: readonly RuleSettingChange[],
  at: Date,
): RuleSettings {
  return [...changes]
    .filter((change) => change.effectiveAt.getTime() <= at.getTime())
    .sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime())
    .reduce((values, change) => applySetting(values, change.name, change.value) ?? values, defaults);
}

/** Tells whether a string names an editable setting. */
export function isRuleSettingName(value: unknown): value is RuleSettingName {
  return typeof value === 'string' && (RULE_SETTING_NAMES as readonly string[]).includes(value);
}
