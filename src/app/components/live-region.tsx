import type { HTMLAttributes } from 'react';

/**
 * A status message's live region (role status: polite, read whole). It is in the page, empty, before
 * anything is said in it: a screen reader announces what changes in a region it already knows, and
 * often says nothing of a region that arrives already holding its message. So the condition goes
 * inside it, never around it: `<LiveRegion>{saved ? <p className="alert">…</p> : null}</LiveRegion>`.
 * Empty, it takes no room and no gap in a flex or grid column (base.css).
 */
export function LiveRegion({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div role="status" className={`live-region ${className}`.trim()} {...props} />;
}
