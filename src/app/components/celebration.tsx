import { useEffect, useState, type CSSProperties } from 'react';
import { useCelebrations } from '#app/lib/celebrate-store.ts';

const PIECES = 14;
const SHOW_MS = 1400;

/** The burst of confetti that `celebrate()` starts; decorative, so hidden from assistive technology. */
export function Celebration() {
  const burst = useCelebrations();
  // The last burst whose time is over: a burst shows from its start until then.
  const [ended, setEnded] = useState(0);
  useEffect(() => {
    if (burst === 0) return;
    const timer = setTimeout(() => setEnded(burst), SHOW_MS);
    return () => clearTimeout(timer);
  }, [burst]);
  if (burst === ended) return null;
  return (
    <div key={burst} className="celebration" aria-hidden="true" data-testid="celebration">
      {Array.from({ length: PIECES }, (_, index) => (
        <span key={index} style={{ '--i': index } as CSSProperties} />
      ))}
    </div>
  );
}
