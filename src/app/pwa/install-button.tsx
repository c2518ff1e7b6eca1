import { Trans } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { installApp, useCanInstall } from './install-prompt.ts';

/** "Install the app", shown only while the browser offers installing (Mine and Landing). */
export function InstallButton() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <Button variant="secondary" block onClick={() => void installApp()} data-testid="install-app">
      <Trans>Install the app</Trans>
    </Button>
  );
}
