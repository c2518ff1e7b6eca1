import { createFileRoute, Outlet } from '@tanstack/react-router';

// The guides are public: they explain the rules before sign-up as well as after.
export const Route = createFileRoute('/guide')({
  component: () => (
    <main id="main" className="plain-content guide-page">
      <Outlet />
    </main>
  ),
});
