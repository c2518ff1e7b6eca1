import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

const dialect = new PgDialect();
/** The text of each name: one name, one text, for the life of the process. */
const texts = new Map<string, string>();

/** What a statement's template gets for each value: a placeholder that becomes a parameter. */
export type Placeholders<V> = { readonly [K in keyof V & string]: Placeholder<K, V[K]> };

export interface NamedStatement<V> {
  readonly name: string;
  /** The statement's text, with `$1`, `$2`… where the values go. */
  readonly text: string;
  /** The parameters for `values`, in the order of the text's `$n`. */
  params(values: V): unknown[];
  run(db: Db, values: V): Promise<unknown>;
}

/**
 * A statement run as a named prepared statement: each connection sends PostgreSQL its text once, and
 * PostgreSQL parses and plans it once per connection instead of on every call. For the statements
 * of a request that runs often (completing a task), planning cost the database more CPU than
 * running them (docs/performance.md).
 *
 * The template is rendered to text once, here, with a placeholder for every value; a call only
 * fills the placeholders in. Rendering a drizzle `sql` template on every call cost the server's
 * thread more than the rest of drizzle's work for the same statement (docs/performance.md). Every
 * value a call passes therefore goes in as a parameter, and the text is the same for every call.
 * A second statement under a name already taken throws when it is defined, so two statements can
 * never share a connection's prepared name.
 *
 * PGlite takes the name and ignores it. A connection pooler in front of PostgreSQL must keep
 * prepared statements per client (PgBouncer's session mode, or its `max_prepared_statements`).
 */
export function namedStatement<V extends Record<string, unknown>>(
  name: string,
  template: (values: Placeholders<V>) => SQL,
): NamedStatement<V> {
  const placeholders = new Proxy({} as Placeholders<V>, {
    get: (_target, key) => sql.placeholder(String(key)),
  });
  const built = dialect.sqlToQuery(template(placeholders));
  const first = texts.get(name);
  if (first !== undefined && first !== built.sql) {
    throw new Error(`the named statement ${name} is defined twice, with another text`);
  }
  texts.set(name, built.sql);
  return {
    name,
    text: built.sql,
    params: (values) => fillPlaceholders(built.params, values),
    run: (db, values) => db._.session.prepareQuery(built, undefined, name, false).execute(values),
  };
}
