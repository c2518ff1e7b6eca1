import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './databases.ts';

/** An Earnest server of a test's own, on a PostgreSQL database it creates and drops. */
export interface TestServer {
  url: string;
  /** A connection to the server's database, to compare the ledger with the screen. */
  db: pg.Client;
  /** The database's connection string (for the operator's command line, which works on it directly). */
  databaseUrl: string;
  /** Stops the server and starts it again on the same database, with these settings changed. */
  restart(env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on now: the system picks it, so parallel runs never collide. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A server of the test's own on a free port, with these settings. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dbName = `earnest_e2e_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(POSTGRES_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  await adminQuery(`create database ${dbName}`);

  const url = `http://127.0.0.1:${port}`;
  let settings = env;
  const launch = async () => {
    const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: dbUrl.toString(),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        CHECKIN_RATE_LIMIT: '10000',
        PUBLIC_ORIGIN: url,
        ...settings,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/other/serverTime`)).ok) break;
      } catch {
        if (i > 150) throw new Error(`the test server on port ${port} did not start`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    return async () => {
      child.kill('SIGTERM');
      await exited;
    };
  };
  let halt = await launch();
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();

  return {
    url,
    db,
    databaseUrl: dbUrl.toString(),
    async restart(changes) {
      await halt();
      settings = { ...settings, ...changes };
      halt = await launch();
    },
    async stop() {
      await db.end();
      await halt();
      await adminQuery(`drop database if exists ${dbName} with (force)`);
    },
  };
}

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
