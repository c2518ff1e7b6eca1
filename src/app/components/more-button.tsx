import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** Reads the next page of a list read a page at a time; nothing when there is no next page. */
export function MoreButton({
  pages,
  block = false,
  children,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  block?: boolean;
  children: ReactNode;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      block={block}
      onClick={() => void pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {children}
    </Button>
  );
}
