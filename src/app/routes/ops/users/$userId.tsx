import { createFileRoute } from '@tanstack/react-router';
import { UserPage } from '#app/features/ops/components/user-page.tsx';

export const Route = createFileRoute('/ops/users/$userId')({ component: UserPage });
