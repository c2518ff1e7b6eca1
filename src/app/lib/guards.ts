import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '#app/router.tsx';

/** Pages beyond / need a session; without one the user goes to / with "Please log in first" (docs/product-rules.md#sessions). */
export function requireSignedIn({ context }: { context: RouterContext }) {
  if (!context.session.token()) {
    // Several requests may meet a refused session at once; whichever redirect wins, the notice is
    // the server's reason, not a guess.
    throw redirect({ to: '/', search: { notice: context.session.endedBecause() ?? 'login_required' } });
  }
}
