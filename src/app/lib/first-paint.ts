/**
 * The first screen is painted before the app asks the server for anything new. On a start with data
 * on the device (the boot snapshot, lib/boot-snapshot.ts) the first commit already shows the figures;
 * the reads its components start in their effects would otherwise go out, and on a fast link come
 * back and be handled, between that commit and its paint. Held for one frame, they go right after it
 * (docs/performance.md, "Reads after the first paint").
 *
 * Only reads asked between the first commit and its paint wait: a route loader's read, which the first
 * commit itself waits for, goes at once.
 */
let painting: Promise<void> | null = null;

// A page hidden before its frame gets no frame; the reads do not wait for one longer than this.
const LONGEST_WAIT_MS = 250;

/** Called as the app's first screen is committed (a layout effect, before the browser paints it). */
export function holdReadsUntilPainted() {
  if (document.visibilityState !== 'visible') return;
  painting = new Promise((resolve) => {
    const open = () => {
      painting = null;
      resolve();
    };
    const fallback = setTimeout(open, LONGEST_WAIT_MS);
    // A frame callback runs just before the paint; a message posted from it is handled just after.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(fallback);
        open();
      };
      channel.port2.postMessage(null);
    });
  });
}

/** While the first screen is being painted, when it will have been; null when reads need not wait. */
export function firstScreenPainting(): Promise<void> | null {
  return painting;
}
