/**
 * Enough of a name to be recognised, not enough to identify anyone: the first two characters and
 * the last of the part before any "@" (an e-mail's domain is never shown). Used wherever one user
 * sees another's name: the paid-withdrawal notice, the invitation list.
 */
export function maskName(username: string): string {
  const name = username.split('@')[0] ?? username;
  if (name.length <= 2) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}
