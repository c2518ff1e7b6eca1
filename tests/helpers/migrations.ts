import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll } from 'vitest';

const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** A copy of the migrations folder as it was up to `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'earnest-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * An embedded database for a test of a migration that changes data: `atThen()` builds the schema as
 * it was up to `lastTag`, so the test can write data of that time, and `upgrade()` applies the
 * migrations after it. Closed when the suite ends.
 */
export function databaseBefore(lastTag: string) {
  const client = new PGlite();
  const db = drizzle(client);
  const oldFolder = migrationsUpTo(lastTag);
  afterAll(async () => {
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });
  return {
    client,
    db,
    atThen: () => migrate(db, { migrationsFolder: oldFolder }),
    upgrade: () => migrate(db, { migrationsFolder: migrations }),
  };
}
