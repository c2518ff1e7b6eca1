/**
 * Enough of a name to be recognised, not enough to identify anyone: the first two characters and
 * the last of the part before any "@" (an e-mail's domain is never shown), or only the first of a
 * name of 4 characters or fewer, which would otherwise show whole or nearly so. Counted in
 * characters, not UTF-16 units, so a name never ends in half a character. Used wherever one user
 * sees another's name: the paid-withdrawal notice, the public list of payments, the invitation list.
 */
export function maskName(username: string): string {
  const name = Array.from(username.split('@')[0] ?? username);
  if (name.length <= 4) return `${name.slice(0, 1).join('')}***`;
  return `${name.slice(0, 2).join('')}***${name.at(-1) ?? ''}`;
}
