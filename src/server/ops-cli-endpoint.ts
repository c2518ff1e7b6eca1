import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A new command-line key: as strong as a session token. */
export const newCliKey = () => randomBytes(32).toString('base64url');

/**
 * Where a server on the embedded database tells the command line how to reach it
 * (docs/operators.md#the-command-line): a file in the data folder, readable only by the user the
 * server runs as — whoever can read it could open the database itself when the server is stopped.
 */
export function cliEndpoint(dataDir: string) {
  const path = join(dataDir, 'ops-cli.json');
  return {
    write(url: string, key: string) {
      writeFileSync(path, JSON.stringify({ url, key }), { mode: 0o600 });
    },
    read(): { url: string; key: string } | null {
      try {
        const parsed = JSON.parse(readFileSync(path, 'utf8')) as { url?: unknown; key?: unknown };
        return typeof parsed.url === 'string' && typeof parsed.key === 'string'
          ? { url: parsed.url, key: parsed.key }
          : null;
      } catch {
        return null;
      }
    },
    remove() {
      rmSync(path, { force: true });
    },
  };
}
