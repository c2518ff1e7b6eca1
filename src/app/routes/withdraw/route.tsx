import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DrillDownLayout } from '#app/components/drill-down-layout.tsx';
import { requireSignedIn } from '#app/lib/guards.ts';

export const Route = createFileRoute('/withdraw')({
  beforeLoad: requireSignedIn,
  component: () => (
    <DrillDownLayout>
      <Outlet />
    </DrillDownLayout>
  ),
});
