import { Trans } from '@lingui/react/macro';
import { Card } from '#app/components/card.tsx';
import { Switch } from '#app/components/switch.tsx';
import { usageCounts, useUsageCountsEnabled } from '#app/lib/usage-counts.ts';

/** Mine's switch for the opt-in usage counts, off by default and kept on this device (docs/transparency.md#usage-counts). */
export function UsageSwitch() {
  const enabled = useUsageCountsEnabled();
  return (
    <Card data-testid="usage-switch">
      <Switch
        name="usage-counts"
        label={<Trans>Share anonymous usage counts</Trans>}
        checked={enabled}
        onChange={(event) => usageCounts.setEnabled(event.target.checked)}
      />
      <p className="muted">
        <Trans>
          Off unless you turn it on, for this device only. When on, this device sends how many times the app
          and its screens were opened and tasks were started, added into daily totals with no name, account or
          device id. No other company's analytics runs in Earnest.
        </Trans>
      </p>
    </Card>
  );
}
