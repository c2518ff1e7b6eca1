import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Register and sign in at the top of Landing, above the fold on a phone. */
export function LandingActions() {
  return (
    <div className="landing-actions">
      <Link to="/" search={{ tab: 'register' }} className="btn btn-primary" data-testid="landing-register">
        <Trans>Register</Trans>
      </Link>
      <Link to="/" search={{ tab: 'login' }} className="btn btn-secondary" data-testid="landing-sign-in">
        <Trans>Sign in</Trans>
      </Link>
    </div>
  );
}
