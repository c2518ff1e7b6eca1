import { createFileRoute } from '@tanstack/react-router';
import { SetupPage } from '#app/features/ops/components/setup-page.tsx';

// The set-up link's secret part follows '#', so it never reaches a server log or a Referer.
export const Route = createFileRoute('/ops/setup')({ component: SetupPage });
