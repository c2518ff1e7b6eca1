import { createFileRoute } from '@tanstack/react-router';
import { UsagePage } from '#app/features/ops/components/usage-page.tsx';

export const Route = createFileRoute('/ops/usage')({ component: UsagePage });
