import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { log } from '#app/lib/log.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { InfoIcon } from './icons.tsx';
import { useInsideMain } from './main-landmark.tsx';

/**
 * One card in place of a screen: an icon, what happened, and where to go from here. In a layout's
 * outlet (a tab's screen) it sits inside that layout's <main>; in place of a whole page it is the main.
 */
function Fallback({ title, children }: { title: ReactNode; children: ReactNode }) {
  const card = (
    <Card>
      <InfoIcon />
      {/* Focused when the screen opens (routes/__root.tsx), never by Tab. */}
      <h1 tabIndex={-1}>{title}</h1>
      {children}
    </Card>
  );
  return useInsideMain() ? (
    <div className="route-fallback">{card}</div>
  ) : (
    <main id="main" className="route-fallback">
      {card}
    </main>
  );
}

/**
 * What a screen shows when it broke while rendering or loading (the router's error component): a
 * plain sentence in the user's language and a way to try again, never a blank page or a stack trace.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  log.error('route', error);
  const tryAgain = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Fallback title={<Trans>Something went wrong on this screen</Trans>}>
      <p>
        <Trans>Nothing was lost. Try again, or go back to the start.</Trans>
      </p>
      <div className="button-row">
        <Button onClick={tryAgain}>
          <Trans>Try again</Trans>
        </Button>
        <Link to="/" className="btn btn-secondary">
          <Trans>Back to the start</Trans>
        </Link>
      </div>
    </Fallback>
  );
}

/** An address that is no screen of Earnest's (the router's not-found component). */
export function RouteNotFound() {
  return (
    <Fallback title={<Trans>This page does not exist</Trans>}>
      <Link to="/">
        <Trans>Back to the start</Trans>
      </Link>
    </Fallback>
  );
}
