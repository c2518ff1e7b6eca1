/**
 * Search parameters are plain strings, as typed, pasted or shared. The router's default reads each
 * value as JSON (and digits as numbers): an invitation link's code such as 124E0979 became a number
 * (Infinity), a user id typed into the console's filter a number, and the routes' checks, which
 * expect text, dropped them. Each route's `validateSearch` turns the text into what it needs.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

/** The inverse of `parseSearch`: every value written as text; an absent one is left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
