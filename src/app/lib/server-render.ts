import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { SERVER_DATA_ID } from '#contract/prerendered-pages.ts';

/**
 * A page the server rendered with its answers carries them in a data block: Home with the account's
 * data (docs/decisions/012-home-rendered-with-the-accounts-data.md), Landing with the rules in force
 * (docs/decisions/013-landing-rendered-with-the-rules-in-force.md). The app's first render starts
 * from them, so it paints what the page already shows instead of a skeleton, and asks for none of
 * them again.
 */
export interface ServerData {
  /** Whose data this is (`deviceAccountKeyOf` in lib/session.ts), or null: public answers, for a device signed out. */
  account: string | null;
  entries: { queryKey: QueryKey; data: unknown }[];
}

/**
 * The block's text: JSON in which no `<` can close the element early (a task's text or a username
 * may hold `</script>`).
 */
export function serverDataBlock(data: ServerData): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`;
}

function readBlock(): ServerData | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<ServerData> | null;
    if (!parsed || !Array.isArray(parsed.entries)) return null;
    if (typeof parsed.account !== 'string' && parsed.account !== null) return null;
    return { account: parsed.account, entries: parsed.entries };
  } catch {
    return null;
  }
}

/**
 * Puts the page's answers into the client of `account` (null: nobody signed in), once, and only if
 * they are its own: a page rendered for another session never shows under this one (the boot script
 * also hides it), and public answers go to the client of a device signed out. Returns whether there
 * were any.
 */
export function seedFromServerRender(queryClient: QueryClient, account: string | null): boolean {
  const data = readBlock();
  if (!data) return false;
  // Read once: a later client (another sign-in on this page) must not take them.
  document.getElementById(SERVER_DATA_ID)?.remove();
  if (data.account !== account) return false;
  // Dated now, by the clock the device dates all its answers with (the server's may differ from it,
  // and so may the page's start, under a test's fake clock): newer than any copy the device kept.
  for (const { queryKey, data: answer } of data.entries) queryClient.setQueryData(queryKey, answer);
  return data.entries.length > 0;
}

/**
 * Drops the block once the app is on screen: a client made later (a sign-in on this page) must not
 * take answers as old as the page for fresh ones.
 */
export function dropServerData() {
  document.getElementById(SERVER_DATA_ID)?.remove();
}
