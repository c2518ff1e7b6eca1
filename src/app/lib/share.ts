/**
 * Shares a link with the system share sheet (Web Share API) where there is one, else copies it.
 * The caller tells the user what happened; a share the user cancelled is not a failure.
 */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

export async function shareOrCopy(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (navigator.share) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(data.url)) ? 'copied' : 'failed';
}

/** Copies text to the clipboard; false when the browser refuses (then the user copies by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
