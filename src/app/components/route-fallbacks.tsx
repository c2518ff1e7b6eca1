import { Trans } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { log } from '#app/lib/log.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { InfoIcon } from './icons.tsx';

/**
 * What a screen shows when it broke while rendering or loading (the router's error component): a
 * plain sentence in the user's language and a way to try again, never a blank page or a stack trace.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  log.error('route', error);
  return (
    <main id="main" className="route-fallback">
      <Card>
        <InfoIcon />
        <h1>
          <Trans>Something went wrong on this screen</Trans>
        </h1>
        <p>
          <Trans>Nothing was lost. Try again, or go back to the start.</Trans>
        </p>
        <div className="button-row">
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            <Trans>Try again</Trans>
          </Button>
          <Link to="/" className="btn btn-secondary">
            <Trans>Back to the start</Trans>
          </Link>
        </div>
      </Card>
    </main>
  );
}

/** An address that is no screen of Earnest's (the router's not-found component). */
export function RouteNotFound() {
  return (
    <main id="main" className="route-fallback">
      <Card>
        <InfoIcon />
        <h1>
          <Trans>This page does not exist</Trans>
        </h1>
        <p>
          <Link to="/">
            <Trans>Back to the start</Trans>
          </Link>
        </p>
      </Card>
    </main>
  );
}
