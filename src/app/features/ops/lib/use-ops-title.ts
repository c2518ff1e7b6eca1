import { useEffect } from 'react';

/** "<page> · Earnest console" as the document title while the page shows. */
export function useOpsTitle(page: string) {
  useEffect(() => {
    document.title = `${page} · Earnest console`;
  }, [page]);
}
