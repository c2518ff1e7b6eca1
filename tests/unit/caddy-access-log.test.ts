import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPS_CLI_KEY_HEADER, OPS_TOKEN_HEADER } from '#contract/ops.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

// Caddy's access log keeps every request header, and blanks only Cookie and Authorization by itself.
// Earnest's session tokens travel in headers of its own: deploy/Caddyfile must take each of them out,
// or whoever reads the log can sign in as the users in it (docs/deploy.md#logs).

/** A header's name as Caddy writes it in the log (Go's canonical form: Ba-User-Token). */
const canonical = (header: string) =>
  header
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');

/** The headers the access log's filter deletes, in the form written in the Caddyfile. */
function deletedHeaders(caddyfile: string): string[] {
  const filter = /format filter \{([\s\S]*?)\n\t\t\}/.exec(caddyfile)?.[1] ?? '';
  return [...filter.matchAll(/request>headers>(\S+)\s+delete/g)].map((match) => match[1] ?? '');
}

describe('the proxy access log', () => {
  const caddyfile = readFileSync(new URL('../../deploy/Caddyfile', import.meta.url), 'utf8');

  it('leaves out every header that carries a credential', () => {
    const deleted = deletedHeaders(caddyfile);
    for (const header of [TOKEN_HEADER, OPS_TOKEN_HEADER, OPS_CLI_KEY_HEADER]) {
      expect(deleted, header).toContain(canonical(header));
    }
  });

  it('reads the filter it checks', () => {
    expect(canonical('ba-user-token')).toBe('Ba-User-Token');
    expect(
      deletedHeaders(
        '\tlog {\n\t\tformat filter {\n\t\t\tfields {\n\t\t\t\trequest>headers>A-B delete\n\t\t\t}\n\t\t}\n',
      ),
    ).toEqual(['A-B']);
    expect(deletedHeaders('\tlog {\n\t}\n')).toEqual([]);
  });
});
