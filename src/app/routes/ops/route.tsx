import { createFileRoute } from '@tanstack/react-router';
import { OpsLayout } from '#app/features/ops/components/ops-layout.tsx';

// The operator console (docs/operators.md). Its code, styles and catalog load only under /ops.
export const Route = createFileRoute('/ops')({ component: OpsLayout });
