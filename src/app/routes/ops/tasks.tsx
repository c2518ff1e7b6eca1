import { createFileRoute } from '@tanstack/react-router';
import { TasksPage } from '#app/features/ops/components/tasks-page.tsx';

export const Route = createFileRoute('/ops/tasks')({ component: TasksPage });
