// A load generator in its own thread, so the requests it makes do not take CPU from the server
// under test (they share one process, but not one event loop).
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

const { jobs, concurrency } = workerData as { jobs: LoadJob[]; concurrency: number };
const latencies: number[] = [];
const failures: string[] = [];
let next = 0;

async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++];
    if (!job) continue;
    const t0 = performance.now();
    const response = await fetch(job.url, { method: 'POST', headers: job.headers, body: job.body });
    const text = await response.text();
    latencies.push(performance.now() - t0);
    if (response.status !== 200) failures.push(`${response.status} ${text}`);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
parentPort?.postMessage({ latencies, wallMs: performance.now() - started, failures } satisfies LoadResult);
