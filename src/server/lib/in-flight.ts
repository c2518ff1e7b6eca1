import type { FastifyInstance } from 'fastify';

/**
 * Counts requests being handled, so that a shutdown can let them finish and then cut the sockets
 * that stay open with nothing to do (browsers keep idle and speculative connections that would
 * otherwise hold the process, and the database lock, until they time out).
 */
export function trackInFlight(app: FastifyInstance) {
  let inFlight = 0;
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
  };
  // Counted down when the response's stream closes, which happens exactly once however the request
  // ends — answered, aborted, or cut short by a body that disagrees with its Content-Length (for
  // which no onResponse hook runs, and a count kept by hooks would never come back to zero).
  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    reply.raw.once('close', done);
  });

  /** Resolves once no request is in flight. */
  return async function drained(): Promise<void> {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  };
}
