import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';

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

/** A fake rippled and a test server paying from its wallet, with `env` added to the server's. */
export async function startServerOnRippled(
  env: Record<string, string> = {},
): Promise<{ rippled: RippledProcess; server: TestServer }> {
  const rippled = await startRippled();
  try {
    const server = await startTestServer({ XRPL_URL: rippled.url, XRPL_SEED: rippled.seed, ...env });
    return { rippled, server };
  } catch (error) {
    rippled.stop();
    throw error;
  }
}

/** Stops what `startServerOnRippled` started (either may be missing if starting failed). */
export async function stopServerOnRippled(
  server: TestServer | undefined,
  rippled: RippledProcess | undefined,
) {
  await server?.stop();
  rippled?.stop();
}
