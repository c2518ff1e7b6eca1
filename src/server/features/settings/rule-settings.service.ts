import { isValidClassicAddress } from 'ripple-address-codec';
import type { ConsoleSetting, ScheduleSettingBody, SettingChange } from '#contract/ops-settings.ts';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import {
  applySetting,
  settingsConflict,
  isRuleSettingName,
  RULE_SETTING_NAMES,
  SETTING_LEAD_MS,
  settingsAt,
  settingText,
  type RuleSettingChange,
  type RuleSettings,
} from '#domain/rules/rule-settings.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { recordAudit, type AuditActor } from '#server/features/ops/ops.service.ts';
import { createRuleSettingsRepository, type RuleSettingRow } from './rule-settings.repository.ts';

export interface RuleSettingsDeps {
  db: Db;
  clock: Clock;
  /** The rules the configuration gives; the editable ones are overridden by dated changes. */
  baseRules: ProductRules;
  /** The configuration's values of the editable rules (docs/operators.md#settings). */
  defaults: RuleSettings;
  /** The payout wallet, which must never be an exchange address (paying it would move nothing). */
  payoutWallet: string | null;
  /** How old the copy of the changes a request reads may be. */
  refreshMs?: number;
}

type SettingError = Extract<
  OpsErrorCode,
  'ops.setting_invalid' | 'ops.setting_in_past' | 'ops.setting_conflict'
>;

const changeOf = (row: RuleSettingRow): RuleSettingChange | null =>
  isRuleSettingName(row.name) ? { name: row.name, value: row.value, effectiveAt: row.effectiveAt } : null;

function wireOf(row: RuleSettingRow): SettingChange | null {
  if (!isRuleSettingName(row.name)) return null;
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    effective_time: epochSeconds(row.effectiveAt),
    created_time: epochSeconds(row.createdAt),
    created_by: row.createdBy,
  };
}

/**
 * The user-facing rules in force at any time: the configuration's defaults with the operator's dated
 * changes (docs/operators.md#settings). Every process reads the changes from the database: a request
 * never works from a copy older than `refreshMs`, and a change made "now" takes effect SETTING_LEAD_MS
 * later, so each process has read it by then, without depending on any notification between them.
 */
export function createRuleSettings({
  db,
  clock,
  baseRules,
  defaults,
  payoutWallet,
  refreshMs = 1000,
}: RuleSettingsDeps) {
  let rows: RuleSettingRow[] = [];
  let changes: RuleSettingChange[] = [];
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    const startedAt = clock.now().getTime();
    rows = await createRuleSettingsRepository(db).all();
    changes = rows.flatMap((row) => changeOf(row) ?? []);
    loadedAt = startedAt;
  }

  /** Reads the changes again when the copy is older than refreshMs; concurrent callers share one read. */
  async function refreshIfStale(): Promise<void> {
    if (clock.now().getTime() - loadedAt < refreshMs) return;
    loading ??= refresh().finally(() => {
      loading = null;
    });
    await loading;
  }

  const at = (instant: Date): RuleSettings => settingsAt(defaults, changes, instant);

  /** The product rules in force at a time. */
  function rulesAt(instant: Date): ProductRules {
    const values = at(instant);
    return {
      ...baseRules,
      giftAmount: values.giftAmount,
      aprBaseBp: values.aprBaseBp,
      aprStepBp: values.aprStepBp,
      aprMaxBp: values.aprMaxBp,
      minWithdrawal: values.minWithdrawal,
      waitingDays: values.waitingDays,
    };
  }

  // The rules every service reads: each field is the value in force at the moment it is read.
  const live = {} as ProductRules;
  for (const key of Object.keys(baseRules) as (keyof ProductRules)[]) {
    Object.defineProperty(live, key, { enumerable: true, get: () => rulesAt(clock.now())[key] });
  }

  /** A change's value, checked as the setting's (and exchange addresses for their checksum). */
  function checkValue(name: ScheduleSettingBody['name'], value: string): string | null {
    const applied = applySetting(defaults, name, value);
    if (!applied) return null;
    if (name === 'exchanges') {
      const addresses = applied.exchanges.flatMap((exchange) => exchange.addresses);
      if (!addresses.every((address) => isValidClassicAddress(address))) return null;
      if (payoutWallet !== null && addresses.includes(payoutWallet)) return null;
    }
    return settingText(applied, name);
  }

  return {
    refresh,
    refreshIfStale,
    at,
    rulesAt,
    rules: live,
    now: () => at(clock.now()),

    list(): { list: ConsoleSetting[]; history: SettingChange[]; lead_seconds: number; server_time: number } {
      const now = clock.now();
      const current = at(now);
      return {
        list: RULE_SETTING_NAMES.map((name) => ({
          name,
          default: settingText(defaults, name),
          current: settingText(current, name),
          scheduled: rows
            .filter((row) => row.name === name && row.effectiveAt.getTime() > now.getTime())
            .flatMap((row) => wireOf(row) ?? []),
        })),
        history: [...rows].sort((a, b) => b.id - a.id).flatMap((row) => wireOf(row) ?? []),
        lead_seconds: SETTING_LEAD_MS / 1000,
        server_time: epochSeconds(now),
      };
    },

    /**
     * Records a change effective from the time asked (or now), never earlier than now: what users were
     * told before stays true (docs/operators.md#settings). The change and its audit entry commit together.
     */
    async schedule(
      actor: AuditActor,
      body: ScheduleSettingBody,
    ): Promise<Result<SettingChange, SettingError>> {
      const now = clock.now();
      const asked = body.effective_time === undefined ? now.getTime() : body.effective_time * 1000;
      if (asked < Math.floor(now.getTime() / 1000) * 1000) return fail('ops.setting_in_past');
      const value = checkValue(body.name, body.value);
      if (value === null) return fail('ops.setting_invalid');
      const effectiveAt = new Date(Math.max(asked, now.getTime() + SETTING_LEAD_MS));
      await refresh();
      // The values it leaves in force, when it takes effect and after each change scheduled later.
      const withIt = [...changes, { name: body.name, value, effectiveAt }];
      const times = [
        effectiveAt,
        ...withIt.map((change) => change.effectiveAt).filter((t) => t > effectiveAt),
      ];
      // Only a change of the rates themselves is refused: a conflict already in force (from the
      // configuration) must not block an unrelated change.
      const ofRates = body.name === 'apr_base_percent' || body.name === 'apr_max_percent';
      if (ofRates && times.some((time) => settingsConflict(settingsAt(defaults, withIt, time))))
        return fail('ops.setting_conflict');
      const row = await db.transaction(async (tx) => {
        const before = settingText(at(effectiveAt), body.name);
        const added = await createRuleSettingsRepository(tx).add({
          name: body.name,
          value,
          effectiveAt,
          createdAt: now,
          createdBy: actor.name,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'setting.schedule',
            target: { kind: 'setting', id: body.name },
            reason: body.reason || null,
            before: { value: before },
            after: { value, effective_at: effectiveAt.toISOString() },
          },
          now,
        );
        return added;
      });
      await refresh();
      const wire = wireOf(row);
      if (!wire) throw new Error('a stored setting has an unknown name');
      return ok(wire);
    },
  };
}

export type RuleSettingsService = ReturnType<typeof createRuleSettings>;
