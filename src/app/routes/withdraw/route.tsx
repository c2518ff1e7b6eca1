import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSignedIn } from '#app/lib/guards.ts';

export const Route = createFileRoute('/withdraw')({
  beforeLoad: requireSignedIn,
  component: () => (
    <main id="main" className="plain-content">
      <Outlet />
    </main>
  ),
});
