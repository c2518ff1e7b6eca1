import { useRouterState } from '@tanstack/react-router';

/** A thin bar at the top while a navigation is loading. */
export function ProgressBar() {
  const busy = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  return <div className={`progress-bar${busy ? ' is-busy' : ''}`} aria-hidden="true" />;
}
