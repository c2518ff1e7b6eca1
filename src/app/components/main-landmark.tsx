import { createContext, useContext, type ReactNode } from 'react';

const InsideMain = createContext(false);

/**
 * The screen's <main id="main">, the skip link's target. What renders inside it knows (`useInsideMain`):
 * a screen that broke in a layout's outlet shows its fallback there, and a page has one main only.
 */
export function MainLandmark({ className, children }: { className: string; children: ReactNode }) {
  return (
    <InsideMain value>
      <main id="main" className={className}>
        {children}
      </main>
    </InsideMain>
  );
}

/** Whether this renders inside a layout's MainLandmark. */
export function useInsideMain(): boolean {
  return useContext(InsideMain);
}
