import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

const dialect = new PgDialect();
/** The text each name was first run with: one name, one text, for the life of the process. */
const texts = new Map<string, string>();

/**
 * Runs `query` as a named prepared statement: each connection sends PostgreSQL its text once, and
 * PostgreSQL parses and plans it once per connection instead of on every call. For the statements
 * of a request that runs often (completing a task), planning cost the database more CPU than
 * running them (docs/performance.md). What a call passes must go in as parameters (drizzle's `sql`
 * does that with every value), so that the text stays the same for every call of one name; a
 * name run with another text throws here, whichever connection it lands on, rather than on the
 * connection that happens to have the first one.
 *
 * PGlite takes the name and ignores it. A connection pooler in front of PostgreSQL must keep
 * prepared statements per client (PgBouncer's session mode, or its `max_prepared_statements`).
 */
export async function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const first = texts.get(name);
  if (first === undefined) texts.set(name, built.sql);
  else if (first !== built.sql) throw new Error(`the named statement ${name} was run with another text`);
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}
