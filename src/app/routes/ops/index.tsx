import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '#app/features/ops/components/dashboard-page.tsx';

export const Route = createFileRoute('/ops/')({ component: DashboardPage });
