import { buildApp } from './app.ts';
import { loadEnv } from './env.ts';
import { trackInFlight } from './lib/in-flight.ts';
import { cliEndpoint, newCliKey } from './ops-cli-endpoint.ts';

const env = loadEnv();
// On the embedded database only this process may open it: the command line asks this server instead.
const embedded = !env.DATABASE_URL && !env.DATA_DIR.startsWith('memory://');
const opsCliKey = embedded ? newCliKey() : null;
const app = await buildApp({ env, opsCliKey });
const drained = trackInFlight(app);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Requests in flight finish; a stuck one cannot keep the process (and the database lock) forever.
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, env.SHUTDOWN_GRACE_SECONDS * 1000);
  force.unref();
  cliEndpoint(env.DATA_DIR).remove();
  const closed = app.close();
  await drained();
  app.server.closeAllConnections();
  await closed;
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
if (opsCliKey) cliEndpoint(env.DATA_DIR).write(`http://127.0.0.1:${env.PORT}`, opsCliKey);
