import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { messageForCode } from '#app/lib/error-messages.ts';
import { useAccount } from '#app/lib/session.ts';
import { dismissQueued, KIND_LABELS, replayNow, useQueuedActions } from './sync-queue.ts';

/**
 * What the offline queue holds, said plainly: actions waiting to sync are not credited yet; actions
 * waiting for a sign-in go through after it; refused ones are shown with the server's reason until
 * the user has read them (docs/product-rules.md#sync-rule).
 */
export function SyncStatus() {
  const { i18n } = useLingui();
  const account = useAccount();
  const items = useQueuedActions();
  const mine = items.filter((item) => item.account === account);
  const waiting = mine.filter((item) => item.state === 'waiting').length;
  // Signed out, the entry page still says what waits for a sign-in, whoever's it is.
  const needSignIn = (account ? mine : items).filter((item) => item.state === 'needs_sign_in').length;
  const rejected = mine.filter((item) => item.state === 'rejected');
  if (waiting + needSignIn + rejected.length === 0) return null;

  return (
    <section className="sync-status" data-testid="sync-status" aria-live="polite">
      {waiting > 0 ? (
        <div className="sync-row" data-testid="sync-waiting">
          <p>
            <Plural
              value={waiting}
              one="# action is waiting to sync. It is not credited until the server confirms it."
              other="# actions are waiting to sync. They are not credited until the server confirms them."
            />
          </p>
          <Button variant="ghost" onClick={replayNow}>
            <Trans>Try now</Trans>
          </Button>
        </div>
      ) : null}
      {needSignIn > 0 ? (
        <p className="sync-row" data-testid="sync-needs-sign-in">
          <Plural
            value={needSignIn}
            one="# action saved on this device will be sent after you sign in again."
            other="# actions saved on this device will be sent after you sign in again."
          />
        </p>
      ) : null}
      {rejected.map((item) => {
        const action = i18n._(KIND_LABELS[item.kind]);
        const reason = i18n._(messageForCode(item.error?.code ?? 'server.error'));
        return (
          <div className="sync-row sync-rejected" key={item.id} data-testid="sync-rejected" role="alert">
            <p>
              <Trans>
                Not accepted, nothing was credited. {action}: {reason}
              </Trans>
            </p>
            <Button variant="ghost" onClick={() => dismissQueued(item.id)}>
              <Trans>Dismiss</Trans>
            </Button>
          </div>
        );
      })}
    </section>
  );
}
