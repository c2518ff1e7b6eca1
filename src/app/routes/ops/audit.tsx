import { createFileRoute } from '@tanstack/react-router';
import type { AuditSearch } from '#app/features/ops/components/audit-page.tsx';
import { AuditPage } from '#app/features/ops/components/audit-page.tsx';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : undefined);

export const Route = createFileRoute('/ops/audit')({
  // Checked again by the server (AuditQuerySchema): here only the shape, kept small for the route tree.
  validateSearch: (search: Record<string, unknown>): AuditSearch => ({
    actor: text(search['actor']),
    action: text(search['action']) as AuditSearch['action'],
    target_kind: text(search['target_kind']) as AuditSearch['target_kind'],
    target_id: text(search['target_id']),
  }),
  component: AuditPage,
});
