import { Switch } from '#app/components/switch.tsx';
import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PUSH_TOPICS, type PushTopic } from '#domain/push/topics.ts';
import { Button } from '#app/components/button.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { enablePush, pushAvailability } from '#app/pwa/push-device.ts';
import { PushBlockedNote, useRefusedAt } from '#app/pwa/push-permission-notes.tsx';
import { pushSettingsQueryOptions, useSetPushTopic } from '../api/push-queries.ts';
import { Section } from '#app/components/section.tsx';

const TOPIC_LABELS: Record<PushTopic, MessageDescriptor> = {
  withdrawals: msg`When a withdrawal is paid or fails`,
  devices: msg`When a new device is linked to your account`,
  ad: msg`When today's ad can be watched again`,
  tasks: msg`When a new day's tasks are ready`,
};

/**
 * Mine → Notifications: turning push on for this device (only from this tap, docs/product-rules.md#respect-no) and, for the
 * account, each kind of message on or off.
 */
export function PushSettingsSection() {
  const { t, i18n } = useLingui();
  const settings = useQuery(pushSettingsQueryOptions());
  const setTopic = useSetPushTopic();
  const [availability, setAvailability] = useState(pushAvailability);
  const [working, setWorking] = useState(false);
  // What the user just switched, shown at once (a checkbox must follow the tap) until the server answers.
  const [switched, setSwitched] = useState<Partial<Record<PushTopic, boolean>>>({});
  const refused = useRefusedAt(availability);

  async function turnOn() {
    setWorking(true);
    const result = await enablePush();
    setWorking(false);
    setAvailability(pushAvailability());
    if (result.ok) toasts.push('success', t`Notifications are on for this device.`);
    else if (result.reason === 'failed') toasts.push('error', t`Couldn't turn on notifications`);
  }

  async function change(topic: PushTopic, enabled: boolean) {
    setSwitched((now) => ({ ...now, [topic]: enabled }));
    try {
      await setTopic.mutateAsync({ topic, enabled });
    } catch (caught) {
      toasts.push('error', i18n._(messageOf(caught)));
    } finally {
      setSwitched(({ [topic]: _done, ...rest }) => rest);
    }
  }

  return (
    <Section titleId="push-title" title={<Trans>Notifications</Trans>} testId="push-settings">
      {availability === 'granted' ? (
        <p className="muted">
          <Trans>Notifications are on for this device.</Trans>
        </p>
      ) : availability === 'default' && refused === null ? (
        <Button block variant="secondary" onClick={() => void turnOn()} disabled={working}>
          <Trans>Turn on notifications on this device</Trans>
        </Button>
      ) : (
        <PushBlockedNote availability={availability} refused={refused} />
      )}
      <fieldset className="question switch-group">
        <legend>
          <Trans>What Earnest may tell you</Trans>
        </legend>
        {/* A switch that is on promises nothing on a device without notifications: say so there. */}
        {availability === 'granted' ? null : (
          <p className="muted" data-testid="push-topics-off-here">
            <Trans>
              These reach your devices that have notifications on. This device gets none until they are on
              here.
            </Trans>
          </p>
        )}
        {settings.isError ? (
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : null}
        {settings.data
          ? PUSH_TOPICS.map((topic) => (
              <Switch
                key={topic}
                name={topic}
                label={i18n._(TOPIC_LABELS[topic])}
                checked={switched[topic] ?? settings.data.topics[topic]}
                onChange={(event) => void change(topic, event.target.checked)}
              />
            ))
          : null}
      </fieldset>
    </Section>
  );
}
