import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '#app/features/ops/components/reviews-page.tsx';

export const Route = createFileRoute('/ops/reviews')({ component: ReviewsPage });
