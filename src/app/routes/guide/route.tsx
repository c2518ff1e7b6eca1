import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MainLandmark } from '#app/components/main-landmark.tsx';

// The guides are public: they explain the rules before sign-up as well as after.
export const Route = createFileRoute('/guide')({
  component: () => (
    <MainLandmark className="plain-content guide-page">
      <Outlet />
    </MainLandmark>
  ),
});
