import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '#app/features/ops/components/settings-page.tsx';

export const Route = createFileRoute('/ops/settings')({ component: SettingsPage });
