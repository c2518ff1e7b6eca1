import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

// No relational schema: nothing uses drizzle's `db.query` API, and with a schema drizzle builds a
// query helper for every table at the start of every transaction (docs/performance.md).
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction; it can stand wherever a Db can. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Hears the notifications sent on `channel` (NOTIFY, delivered at commit, to every process).
   * `listening(false)` says notifications may be missed from now on (the connection dropped);
   * `listening(true)` that they are heard again — whatever was sent in between is lost. Resolves
   * once listening; the function it returns stops.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
}

export interface NotificationHandlers {
  message(payload: string): void;
  listening(live: boolean): void;
}

/** A notification channel name: quoted into LISTEN, so only plain identifiers. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite's folder, or `memory://` for a database that lives only in this process. */
  dataDir: string;
  /** On the PostgreSQL server only (PostgresTimeouts); none when absent. */
  timeouts?: PostgresTimeouts | undefined;
}

/**
 * What the PostgreSQL server cuts short on the pool's connections, in milliseconds (0: never). A
 * statement that runs or waits for a lock longer than `statementMs` is cancelled; a transaction left
 * open without a statement for `idleInTransactionMs` is ended with its connection, and its locks
 * with it. Either rolls its transaction back, and the request fails as any unexpected error does
 * (`server.error`, which the offline queue retries). PGlite takes these settings but never applies
 * them (one connection in this process, no timers): the embedded database has none.
 */
export interface PostgresTimeouts {
  statementMs: number;
  idleInTransactionMs: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: serialises migrations when several server processes start at once.
const MIGRATION_LOCK = 72401;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.timeouts);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = inMemory ? new PGlite() : new PGlite(`${dataDir}/pglite`);
    await client.waitReady;
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      // One process owns a PGlite database: its own connection hears every notification.
      async listen(channel, handlers) {
        if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
        const stop = await client.listen(channel, (payload) => handlers.message(payload));
        handlers.listening(true);
        return async () => {
          handlers.listening(false);
          await stop();
        };
      },
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(url: string, timeouts?: PostgresTimeouts): Promise<Database> {
  await migratePostgres(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // An unreachable server fails a request after a few seconds instead of holding it (and the
    // readiness check) until the operating system gives up on the connection.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    // Sent when each connection opens (a PostgreSQL startup parameter, 0 sends none): no statement
    // runs, and no transaction stays open holding its locks, for ever.
    statement_timeout: timeouts?.statementMs ?? 0,
    idle_in_transaction_session_timeout: timeouts?.idleInTransactionMs ?? 0,
  });
  // An idle connection the server closed (restart, failover): the pool drops it and opens another.
  // Without a listener this event would crash the process.
  pool.on('error', () => {});
  // The same for a connection in use: the server ends one whose transaction sat idle too long while
  // it is checked out, where the pool listens no more. Its next statement fails (and the request with
  // it), and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool);
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
  };
}

/**
 * Applies pending migrations on a connection of its own, without the pool's timeouts: a migration may
 * rightly take longer than any request (an index on a big table), and a process waits for the lock
 * as long as another one migrates.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
  client.on('error', () => {});
  await client.connect();
  try {
    // The URL may carry timeouts of its own (`options=-c ...`): not for this connection.
    await client.query(
      'set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0',
    );
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

const RELISTEN_MS = 1_000;

/**
 * LISTEN on a connection of its own, kept open: when it drops, the handlers hear `listening(false)`
 * at once, and `listening(true)` after a new connection listens again (tried every second).
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      handlers.listening(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_MS);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      drop();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    handlers.listening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    if (last) {
      last.removeAllListeners('end');
      last.removeAllListeners('error');
      last.on('error', () => {});
      handlers.listening(false);
      await last.end().catch(() => {});
    }
  };
}

/** Tells whether a database error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = findPgError(error);
  if (!cause || cause.code !== '23505') return false;
  return constraint === undefined || cause.constraint === constraint;
}

interface PgErrorShape {
  code?: unknown;
  constraint?: unknown;
}

// drizzle wraps driver errors; the SQLSTATE sits on the error or on its cause.
function findPgError(error: unknown): PgErrorShape | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const shaped = current as Error & PgErrorShape;
    if (typeof shaped.code === 'string' && /^[0-9A-Z]{5}$/.test(shaped.code)) return shaped;
    current = current.cause;
  }
  return null;
}

/** Tells whether a database error is a lock wait that ran out (SQLSTATE 55P03). */
export function isLockTimeout(error: unknown): boolean {
  return findPgError(error)?.code === '55P03';
}

/** The rows of a raw `db.execute` result: both drivers (PGlite, node-postgres) return them as `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('a raw query returned no rows array');
  return rows as T[];
}

/** A cheap round trip, for readiness checks. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

interface Journal {
  entries: { when: number; tag: string }[];
}
/** The migrations this code ships with (read once: they do not change while it runs). */
let journal: Journal | undefined;

/**
 * The migrations this code has that the database has not applied (by name; empty when it is up to
 * date). Drizzle records each applied migration with its journal time, and applies only those newer
 * than the last: a database a newer version already migrated counts as up to date.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  journal ??= JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const [row] = rowsOf<{ latest: string | null }>(
    await db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`),
  );
  const latest = Number(row?.latest ?? 0);
  return journal.entries.filter((entry) => entry.when > latest).map((entry) => entry.tag);
}
