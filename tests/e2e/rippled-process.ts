import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The fake rippled as its own process (tests/fakes/run-fake-rippled.ts), and the payments it received. */
export interface RippledProcess {
  url: string;
  seed: string;
  /** Payments the fake rippled received, as it reported them. */
  submitted: Record<string, unknown>[];
  stop(): void;
}

export async function startRippled(): Promise<RippledProcess> {
  const child: ChildProcess = spawn(process.execPath, ['tests/fakes/run-fake-rippled.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const submitted: Record<string, unknown>[] = [];
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve) => {
    lines.on('line', (line) => {
      const message = JSON.parse(line) as {
        url?: string;
        seed?: string;
        submitted?: Record<string, unknown>;
      };
      if (message.submitted) submitted.push(message.submitted);
      else if (message.url && message.seed) {
        resolve({ url: message.url, seed: message.seed, submitted, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}
