import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '#app/features/ops/components/sign-in-page.tsx';

export const Route = createFileRoute('/ops/sign-in')({ component: SignInPage });
