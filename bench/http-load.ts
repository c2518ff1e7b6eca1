// A load generator in its own thread, so the requests it makes do not take CPU from the server
// under test (they share one process, but not one event loop). It speaks HTTP/1.1 itself over one
// kept-alive socket per request in flight, with every request's bytes built before the timing
// starts: the load generator shares the machine's two cores with the server and PostgreSQL, so what
// it spends per request is taken from what it measures. `fetch` cost about twice what node:http
// did, and node:http about 170 µs of CPU per request, half of what the driver path spends on a
// whole completion (docs/performance.md).
import { connect, type Socket } from 'node:net';
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
  /** This thread's CPU time per timed request: what the measuring costs the machine's cores. */
  cpuMicrosPerRequest: number;
}

const { warmup, jobs, concurrency } = workerData as {
  /** Sent first and not measured: the server and this thread run warm when the timing starts. */
  warmup: LoadJob[];
  jobs: LoadJob[];
  concurrency: number;
};
const failures: string[] = [];

/** The request as it goes on the wire. */
function bytesOf(job: LoadJob): Buffer {
  const url = new URL(job.url);
  const body = Buffer.from(job.body);
  const headers = Object.entries({ ...job.headers, host: url.host, 'content-length': String(body.length) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`POST ${url.pathname}${url.search} HTTP/1.1\r\n${headers}\r\n`), body]);
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One kept-alive connection, one request at a time. An answer is read by its Content-Length; one
 * without it (chunked, or the connection closed) is refused, so the bench fails instead of timing
 * a misread answer.
 */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: {
    resolve: (answer: { status: number; text: string }) => void;
    reject: (e: Error) => void;
  } | null = null;
  private readonly socket: Socket;
  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.answer();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  static open(url: string): Promise<Connection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) }, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close() {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }

  private answer() {
    const headEnd = this.buffered.indexOf(HEAD_END);
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffered.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return this.fail(new Error(`an answer without Content-Length: ${head}`));
    const end = headEnd + HEAD_END.length + Number(length);
    if (this.buffered.length < end) return;
    const text = this.buffered.toString('utf8', headEnd + HEAD_END.length, end);
    this.buffered = this.buffered.subarray(end);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status, text });
  }

  private fail(error: Error) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

/** Sends the requests with `concurrency` in flight; answers each one's latency. */
async function send(connections: Connection[], list: Buffer[]): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    connections.map(async (connection) => {
      while (next < list.length) {
        const request = list[next++];
        if (!request) continue;
        const t0 = performance.now();
        const { status, text } = await connection.send(request);
        latencies.push(performance.now() - t0);
        if (status !== 200) failures.push(`${status} ${text}`);
      }
    }),
  );
  return latencies;
}

// Every job goes to the same server.
const connections = await Promise.all(
  Array.from({ length: concurrency }, () => Connection.open(jobs[0]?.url ?? '')),
);
await send(connections, warmup.map(bytesOf));
const requests = jobs.map(bytesOf);
const started = performance.now();
const cpu = process.threadCpuUsage();
const latencies = await send(connections, requests);
const used = process.threadCpuUsage(cpu);
for (const connection of connections) connection.close();
parentPort?.postMessage({
  latencies,
  wallMs: performance.now() - started,
  failures,
  cpuMicrosPerRequest: (used.user + used.system) / Math.max(1, jobs.length),
} satisfies LoadResult);
