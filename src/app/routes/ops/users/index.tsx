import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '#app/features/ops/components/users-page.tsx';

export const Route = createFileRoute('/ops/users/')({
  validateSearch: (search: Record<string, unknown>): { q?: string | undefined } => ({
    q: typeof search['q'] === 'string' && search['q'] !== '' ? search['q'].slice(0, 100) : undefined,
  }),
  component: UsersPage,
});
