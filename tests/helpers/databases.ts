import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase, type Database, type Db } from '#server/db/database.ts';

/** The local PostgreSQL server the integration tests use when it is reachable. */
export const POSTGRES_ADMIN_URL =
  process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends Database {
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
  /** On PostgreSQL, its connection string (for other processes to open the same database). */
  url?: string;
}

export interface Backend {
  name: 'pglite' | 'postgres';
  create(): Promise<TestDatabase>;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** PGlite in memory: a fresh database each time, gone when closed. */
export const pglite: Backend = {
  name: 'pglite',
  async create() {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { ...database, dispose: () => database.close() };
  },
};

const postgres: Backend = {
  name: 'postgres',
  async create() {
    // Each test database is created for the test and dropped after it: runs never share state.
    const name = `earnest_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
    return {
      ...database,
      url: url.toString(),
      async dispose() {
        await database.close();
        const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  },
};

/**
 * PGlite always; the PostgreSQL server when reachable. In CI the server must be there: a missing
 * server fails the run instead of silently testing less.
 */
export async function backends(): Promise<Backend[]> {
  if (await postgresReachable()) return [pglite, postgres];
  if (process.env['CI']) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}`);
  console.warn(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: integration tests run on PGlite only`);
  return [pglite];
}

/**
 * A suite that only means something on the PostgreSQL server (races on many connections; PGlite runs
 * one thing at a time). Without a server it is reported as skipped, saying why, rather than leaving
 * an empty file ("No test suite found").
 */
export async function describeOnPostgres(title: string, body: (backend: Backend) => void): Promise<void> {
  const postgres = (await backends()).find((backend) => backend.name === 'postgres');
  if (postgres) {
    describe(`${title} on postgres`, () => body(postgres));
    return;
  }
  describe.skip(`${title} (needs the PostgreSQL server at ${POSTGRES_ADMIN_URL})`, () => {
    it('runs on PostgreSQL only', () => undefined);
  });
}

/**
 * A fresh database of `backend` for the tests of one file or describe block: created before them,
 * disposed (on PostgreSQL, dropped) after. `db` is read inside the tests, once it exists.
 */
export function useTestDatabase(backend: Backend): { readonly db: Db } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  return {
    get db() {
      if (!database) throw new Error('the test database is created in beforeAll');
      return database.db;
    },
  };
}
