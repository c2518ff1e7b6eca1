import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { TEST_CLOCK_OFFSET_SECONDS } from './test-clock.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every line the server logged so far. */
  lines: string[];
  /** Sends a signal and resolves with the exit code and how long the process took to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts `src/server/main.ts` in its own process on a free port (PORT=0), with the given settings,
 * and resolves once it listens. For what only a real process shows: signals, sockets, shutdown.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: 'memory://',
      DIST_DIR: './tests/fixtures/dist',
      LOG_LEVEL: 'info',
      PAYOUTS: 'off',
      // On the tests' time, as the rows the test stamps (helpers/test-clock.ts).
      CLOCK_OFFSET_SECONDS: String(TEST_CLOCK_OFFSET_SECONDS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: on a busy machine a start (Node, the modules, the database) can take half a minute.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${lines.join('\n')}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${lines.join('\n')}`));
    });
  });
  return {
    url,
    child,
    lines,
    stop(signal = 'SIGTERM') {
      const started = performance.now();
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve({ code, ms: performance.now() - started }));
        child.kill(signal);
      });
    },
  };
}

const run = promisify(execFile);

/**
 * Runs the payout job in a process of its own (`tests/helpers/payout-process.ts`) against a PostgreSQL
 * database and a rippled for a number of passes, as `npm run payouts` does; resolves when it exits.
 */
export async function runPayoutProcess(job: {
  databaseUrl: string;
  rippledUrl: string;
  seed: string;
  passes: number;
}): Promise<void> {
  const args = [
    job.databaseUrl,
    job.rippledUrl,
    job.seed,
    String(job.passes),
    String(TEST_CLOCK_OFFSET_SECONDS),
  ];
  await run(process.execPath, ['tests/helpers/payout-process.ts', ...args]);
}
