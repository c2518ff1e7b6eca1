import type { ReactNode } from 'react';
import { MainLandmark } from './main-landmark.tsx';
import { TabBar } from './tab-bar.tsx';

/**
 * A signed-in screen reached from one of the main screens (history, a withdrawal's status, phone
 * verification). On a phone it takes the whole screen and its header's back button leads back; on a
 * desktop the side navigation stays beside it, with the screen it was reached from marked, as on the
 * main screens (styles/desktop.css).
 */
export function DrillDownLayout({ children }: { children: ReactNode }) {
  return (
    <div className="tab-layout drill-down">
      <MainLandmark className="tab-content">{children}</MainLandmark>
      <TabBar />
    </div>
  );
}
