// A load generator in its own thread, so the requests it makes do not take CPU from the server
// under test (they share one process, but not one event loop). It sends with node:http over one
// kept-alive socket per request in flight: fetch builds web streams around every request and cost
// about twice the CPU per request, which the two cores of the machine took from the server.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  latencies: number[];
  wallMs: number;
  failures: string[];
}

const { warmup, jobs, concurrency } = workerData as {
  /** Sent first and not measured: the server and this thread run warm when the timing starts. */
  warmup: LoadJob[];
  jobs: LoadJob[];
  concurrency: number;
};
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const failures: string[] = [];

function post(job: LoadJob): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      job.url,
      { method: 'POST', agent, headers: { ...job.headers, 'content-length': Buffer.byteLength(job.body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(job.body);
  });
}

/** Sends the jobs with `concurrency` in flight; answers each one's latency. */
async function send(list: LoadJob[]): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const job = list[next++];
      if (!job) continue;
      const t0 = performance.now();
      const { status, text } = await post(job);
      latencies.push(performance.now() - t0);
      if (status !== 200) failures.push(`${status} ${text}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

await send(warmup);
const started = performance.now();
const latencies = await send(jobs);
agent.destroy();
parentPort?.postMessage({ latencies, wallMs: performance.now() - started, failures } satisfies LoadResult);
